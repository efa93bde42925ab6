// The per-call callbacks a team screen hands to its own mutation (company team or job team), so that the
// shared invite form and member actions say the same thing whichever API they call.
export type TMutationHandlers<TAnswer> = {
  onSuccess: (answer: TAnswer) => void;
  onError: (err: Error) => void;
};

/** What an invitation (new or resent) answers, in both teams. */
export type TInviteAnswer = { message: string };
