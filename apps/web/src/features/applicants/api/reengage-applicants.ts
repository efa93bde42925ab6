import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZReengageRequest, ZReengageResponse } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';

export type TReengageInput = { jobId: string; body: z.input<typeof ZReengageRequest> };

// spec 2 §7 Applications: POST /job/{jobId}/application/send-reengaging {text, subject, applicationIds}
// (ZReengageRequest). Statuses do not change, so no list needs refreshing.
export const reengageApplicants = ({ jobId, body }: TReengageInput) =>
  api.post<z.infer<typeof ZReengageResponse>>(
    `/job/${encodeURIComponent(jobId)}/application/send-reengaging`,
    body,
  );

export const useReengageApplicants = () => useMutation({ mutationFn: reengageApplicants });
