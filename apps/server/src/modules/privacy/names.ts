/** How the audit names the candidate acting through their private link (as the history does). */
export const ACTOR_CANDIDATE_NAME = 'Candidate';
