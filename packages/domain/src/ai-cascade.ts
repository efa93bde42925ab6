import type { TAiSettings } from './job.ts';

// spec 1 §4 AI switches cascade. Applied on every save (browser and server) as an invariant of the result,
// not only on the transition: the shortlist-related controls are disabled while CV ranking or auto-shortlist
// is off (§4), so a stored job can never hold values that the screen would not let a person change back.
export function applyAiCascade(prev: TAiSettings, patch: Partial<TAiSettings> = {}): TAiSettings {
  const next: TAiSettings = { ...prev, ...stripUndefined(patch) };
  // Turning CV ranking off forces auto-shortlist off, and with it the three below.
  if (!next.isScreening) next.isAutoShortlist = false;
  // Turning auto-shortlist off forces: feedback dialog disabled, auto shortlist emails and auto rejection
  // emails off.
  if (!next.isAutoShortlist) {
    next.isDisableApplicantFeedbackDialog = true;
    next.isShortlist = false;
    next.isAutoRejection = false;
  }
  return next;
}

/** Whether the shortlist-related controls are enabled (spec 1 §4: disabled while either switch is off). */
export const areShortlistControlsEnabled = (settings: Pick<TAiSettings, 'isScreening' | 'isAutoShortlist'>) =>
  settings.isScreening && settings.isAutoShortlist;

function stripUndefined<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
