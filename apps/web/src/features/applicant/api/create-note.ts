import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { TNote, ZNoteRequest } from '@hirecast/domain/applicants';
import { api } from '../../../lib/api-client.ts';
import { applicantQueryKey } from './get-applicant.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';
import { notesQueryKey } from './get-notes.ts';

type TInput = TApplicationRef & { body: z.input<typeof ZNoteRequest> };

// spec 2 §7 Applications: POST /job/{jobId}/application/{applicationId}/note, payload text, isFeedback
export const createNote = ({ body, ...ref }: TInput) => api.post<TNote>(`${applicationPath(ref)}/note`, body);

export const useCreateNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createNote,
    // The applicant carries the note count.
    onSuccess: (_note, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notesQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: applicantQueryKey(id) }),
      ]),
  });
};
