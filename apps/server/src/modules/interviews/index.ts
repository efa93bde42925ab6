// The published face of the interviews module (issue 25, decision 028): what other modules and the composition
// root may use.
export { applyInterviewOf, createApplyInterview, interviewSummary } from './apply.ts';
export { registerInterviewJobs, sendInterviewReminders } from './letters.ts';
export { publicInterviewRoutes } from './public-routes.ts';
export { interviewRoutes } from './routes.ts';
export { interviewLink } from './tokens.ts';
export { interviewCandidateData } from './candidate-data.ts';
export { getCandidateInterview } from './candidate.ts';
export { InterviewClosedError } from './closure.ts';
export { getGuestReview } from './reviews.ts';
export { assertLibraryPromptVideo } from './question-set.ts';
