import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { ZMark } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';

export type TMark = z.infer<typeof ZMark>;

export const marksQueryKey = (id: string) => ['applicant-marks', id] as const;

// spec 2 §7 Applications: GET /job/{jobId}/application/{applicationId}/mark
export const getMarks = (ref: TApplicationRef) => api.get<TMark[]>(`${applicationPath(ref)}/mark`);

export const marksQueryOptions = (ref: TApplicationRef) =>
  queryOptions({ queryKey: marksQueryKey(ref.id), queryFn: () => getMarks(ref) });
export const useMarks = (ref: TApplicationRef) => useQuery(marksQueryOptions(ref));
