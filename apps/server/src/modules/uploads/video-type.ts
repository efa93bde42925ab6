// The real type of a video from its first bytes (ARCHITECTURE.md Uploads): MP4 and MOV are ISO media files
// ('ftyp' box, or an older QuickTime atom first), WEBM is Matroska/EBML, AVI is a RIFF 'AVI ' file.
export type TVideoType = 'video/mp4' | 'video/quicktime' | 'video/webm' | 'video/x-msvideo';
export const VIDEO_EXTENSION: Record<TVideoType, string> = {
  'video/mp4': 'mp4',
  'video/quicktime': 'mov',
  'video/webm': 'webm',
  'video/x-msvideo': 'avi',
};

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

export function detectVideoType(bytes: Uint8Array): TVideoType | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0x1a && bytes[1] === 0x45 && bytes[2] === 0xdf && bytes[3] === 0xa3) return 'video/webm';
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'AVI ') return 'video/x-msvideo';
  const box = ascii(bytes, 4, 8);
  if (box === 'ftyp') return ascii(bytes, 8, 12) === 'qt  ' ? 'video/quicktime' : 'video/mp4';
  if (['moov', 'mdat', 'wide', 'free', 'skip', 'pnot'].includes(box)) return 'video/quicktime';
  return null;
}
