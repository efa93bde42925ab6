import { interviewCandidateData } from '../modules/interviews/index.ts';
import { registerCandidateDataContributor } from '../modules/privacy/index.ts';
import { webhookCandidateData } from '../modules/webhooks/index.ts';
import { transcriptCandidateData } from '../modules/transcripts/index.ts';

/**
 * What other modules hold about a candidate, for the data export and the erasures of issue 26 (the privacy
 * module brings the core product's own parts). Every process registers the same list at start.
 */
export function registerCandidateDataContributors() {
  // Before the interview's: it finds the transcripts through the answers' takes, which the interview's removes.
  registerCandidateDataContributor(transcriptCandidateData);
  registerCandidateDataContributor(interviewCandidateData);
  registerCandidateDataContributor(webhookCandidateData);
}
