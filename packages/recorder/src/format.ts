// Which format MediaRecorder records in. H.264 first (issue 25 "Playable in seconds"): an H.264 take is made
// playable on the server by a remux (the picture copied, fast start) instead of a transcode. Safari records
// H.264 with AAC; Chrome records H.264 with Opus when `avc1` is named (plain `video/mp4` gives VP9 there), and the
// server makes the Opus AAC (cheap). Chrome's MP4 hands over its first bytes only once its first fragment is
// complete (up to 5 s in), so the take's time is counted from MediaRecorder.start(), not from its first chunk
// (use-media-recorder.ts, decision 031). Elsewhere (Firefox) WebM, which the server transcodes.
export type TRecordingFormat = {
  /** What MediaRecorder is asked for (undefined: the browser's default). */
  mimeType: string | undefined;
  /** The file's type once recorded. */
  fileType: 'video/webm' | 'video/mp4';
  extension: 'webm' | 'mp4';
};

export const RECORDING_MIME_TYPES = [
  'video/mp4;codecs=avc1,mp4a.40.2',
  'video/mp4;codecs=avc1,opus',
  'video/mp4;codecs=avc1',
  'video/webm;codecs=vp9,opus',
  'video/webm;codecs=vp8,opus',
  'video/webm',
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
