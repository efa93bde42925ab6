import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TInviteRequest } from '@hirecast/domain/interview';
import { inviteToInterview } from '../../../lib/interview.ts';
import { applicantsQueryKey } from './get-applicants.ts';

// Issue 25 item 2: "Invite to interview" from the applicants list; the list reads again to show the new state.
export function useInviteApplicant(jobId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ applicationId, body }: { applicationId: string; body: TInviteRequest }) =>
      inviteToInterview({ jobId, id: applicationId }, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: applicantsQueryKey(jobId) }),
  });
}
