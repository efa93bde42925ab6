// Which format MediaRecorder records in. H.264 with AAC first (Safari; issue 25 "Playable in seconds"): such a
// take is made playable on the server by a remux (`-c copy`, fast start) instead of a transcode. Then WebM, which
// the server transcodes. Chrome's H.264 (asked for as `avc1`, with Opus) comes after WebM: its MP4 takes carry
// the camera's running time, so a take recorded 4 s after the camera opened plays as 9 s (the recorders e2e
// measured 9.2–9.5 s for a 4 s take), and an interview's length check would refuse it; until the server and
// the preview correct those timestamps, Chrome records WebM.
export type TRecordingFormat = {
  /** What MediaRecorder is asked for (undefined: the browser's default). */
  mimeType: string | undefined;
  /** The file's type once recorded. */
  fileType: 'video/webm' | 'video/mp4';
  extension: 'webm' | 'mp4';
};

export const RECORDING_MIME_TYPES = [
  'video/mp4;codecs=avc1,mp4a.40.2',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
  'video/mp4;codecs=avc1,opus',
  'video/mp4;codecs=avc1',
  'video/mp4',
] as const;

const formatOf = (mimeType: string | undefined): TRecordingFormat =>
  mimeType?.startsWith('video/mp4')
    ? { mimeType, fileType: 'video/mp4', extension: 'mp4' }
    : { mimeType, fileType: 'video/webm', extension: 'webm' };

/** The best recording format this browser has, by `MediaRecorder.isTypeSupported`. */
export function pickRecordingFormat(isTypeSupported: (type: string) => boolean): TRecordingFormat {
  return formatOf(RECORDING_MIME_TYPES.find((type) => isTypeSupported(type)));
}

/**
 * The format of what was actually recorded: MediaRecorder's own `mimeType` once it runs (it may differ from the
 * one asked for: Chrome answers `video/mp4;codecs=avc1,opus`), else the one asked for.
 */
export const recordedFormat = (asked: TRecordingFormat, actualMimeType: string | undefined) =>
  actualMimeType ? formatOf(actualMimeType) : asked;

/** Whether a recorded type is H.264 (remuxed on the server rather than transcoded). */
export const isH264 = (mimeType: string | undefined) => /avc1|h264/i.test(mimeType ?? '');
