// The media library recorder's own rules (spec 3 §2 Recorder, §8, §9); the recorder itself is
// @hirecast/recorder, shared with the public site.
import { canRecordInBrowser } from '@hirecast/recorder/use-media-recorder';

export const RECORDER = {
  defaultMaxSeconds: 148,
  high: { width: 1280, height: 720 },
  low: { width: 640, height: 360 },
} as const;

export type TCameraQuality = 'high' | 'low';

/** The recording limit: the `limit` query value minus 2 when it is a positive number, else 148 s. */
export function maxRecordingSeconds(search: string): number {
  const raw = new URLSearchParams(search).get('limit');
  const limit = raw === null ? Number.NaN : Number(raw);
  return Number.isFinite(limit) && limit - 2 > 0 ? Math.floor(limit - 2) : RECORDER.defaultMaxSeconds;
}

/** Safari and every iOS browser get the info page (spec 3 §8) instead of the in-browser recorder. */
export function isSafariOrIos(userAgent: string): boolean {
  if (/iPad|iPhone|iPod/.test(userAgent)) return true;
  return /safari/i.test(userAgent) && !/chrome|chromium|crios|fxios|edg|android/i.test(userAgent);
}

/** Recording needs MediaRecorder and getUserMedia, and Safari/iOS get the info page instead (spec 3 §8). */
export const canRecordHere = () => canRecordInBrowser() && !isSafariOrIos(navigator.userAgent);
