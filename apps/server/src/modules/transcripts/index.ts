// The published face of the transcripts module (issue 34): what other modules and the composition root may use.
export { registerTranscription, transcriptionDeps } from './handlers.ts';
export { requestTranscription } from './queue.ts';
export { transcriptRoutes } from './routes.ts';
export { isCandidateVideo, loadCaptions } from './captions.ts';
export { captionRenderedVideo, RENDER_PLAN_MODEL } from './render-captions.ts';
export { transcriptCandidateData } from './candidate-data.ts';
export { summaryDeps } from './summaries.ts';
