// The published face of the applications module: what other modules and the composition root may use (docs/layers.md).
export { deleteApplicationWithFiles } from './delete.ts';
export { applicationViewLink } from './links.ts';
export { automaticSender, composeLetter, loadLetterSetting, type TLetterSetting } from './letters.ts';
export { ACTOR_ASSISTANT, ACTOR_CANDIDATE, recordHistory } from './record-history.ts';
export { queueScreening, registerScreening } from './screening.ts';
