import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { applicantQueryKey } from './get-applicant.ts';
import { applicationPath, type TApplicationRef } from './application-path.ts';
import { notesQueryKey } from './get-notes.ts';

type TInput = TApplicationRef & { noteId: string };

// spec 2 §7 Applications: DELETE /job/{jobId}/application/{applicationId}/note/{noteId} (author only, §6)
export const deleteNote = ({ noteId, ...ref }: TInput) =>
  api.delete<unknown>(`${applicationPath(ref)}/note/${encodeURIComponent(noteId)}`);

export const useDeleteNote = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteNote,
    onSuccess: (_data, { id }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: notesQueryKey(id) }),
        queryClient.invalidateQueries({ queryKey: applicantQueryKey(id) }),
      ]),
  });
};
