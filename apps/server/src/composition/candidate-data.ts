import { interviewCandidateData } from '../modules/interviews/index.ts';
import { registerCandidateDataContributor } from '../modules/privacy/index.ts';

/**
 * What other modules hold about a candidate, for the data export and the erasures of issue 26 (the privacy
 * module brings the core product's own parts). Every process registers the same list at start.
 */
export function registerCandidateDataContributors() {
  registerCandidateDataContributor(interviewCandidateData);
}
