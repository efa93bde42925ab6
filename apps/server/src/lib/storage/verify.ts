// The real type of an upload from its first bytes (magic numbers), whatever the client declared.
export type TDetectedType = 'image/png' | 'image/jpeg' | 'image/webp';
export type TDetection =
  { kind: 'image'; contentType: TDetectedType } | { kind: 'other'; name: string } | null;

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b);
const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0));

// Formats people commonly pick by mistake: recognised so the answer can say "wrong type" (415) rather
// than "invalid file" (400).
const OTHER_FORMATS: { name: string; signature: number[]; offset?: number }[] = [
  { name: 'gif', signature: ascii('GIF8') },
  { name: 'pdf', signature: ascii('%PDF-') },
  { name: 'zip', signature: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'tiff', signature: [0x49, 0x49, 0x2a, 0x00] },
  { name: 'tiff', signature: [0x4d, 0x4d, 0x00, 0x2a] },
  { name: 'ico', signature: [0x00, 0x00, 0x01, 0x00] },
  { name: 'mp4', signature: ascii('ftyp'), offset: 4 },
  { name: 'webm', signature: [0x1a, 0x45, 0xdf, 0xa3] },
  { name: 'ole', signature: [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1] },
];

export function detectType(bytes: Uint8Array): TDetection {
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { kind: 'image', contentType: 'image/png' };
  }
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: 'image', contentType: 'image/jpeg' };
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) {
    return { kind: 'image', contentType: 'image/webp' };
  }
  const other = OTHER_FORMATS.find((f) => startsWith(bytes, f.signature, f.offset));
  return other ? { kind: 'other', name: other.name } : null;
}
