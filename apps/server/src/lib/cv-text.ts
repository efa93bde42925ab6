import mammoth from 'mammoth';
import { extractText, getDocumentProxy } from 'unpdf';

// The text of a CV for AI screening (issue 6 item 7): PDF through unpdf (pdf.js built for servers, no native
// parts and nothing fetched at run time), DOCX through mammoth. The apply flow accepts only these two types,
// checked from the bytes (public-apply/files.ts).

/** Enough for the longest CV; a scorer reads less. */
export const CV_TEXT_MAX = 100_000;

export type TCvKind = 'pdf' | 'docx';

/** The kind from the file's first bytes: %PDF, or a zip (a DOCX is a zip archive). */
export function cvKindOf(bytes: Uint8Array): TCvKind | null {
  if (bytes[0] === 0x25 && bytes[1] === 0x50 && bytes[2] === 0x44 && bytes[3] === 0x46) return 'pdf';
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) return 'docx';
  return null;
}

export async function extractCvText(bytes: Uint8Array): Promise<string> {
  const kind = cvKindOf(bytes);
  let text = '';
  if (kind === 'pdf') {
    // pdf.js takes ownership of the buffer it is given: hand it a copy.
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    try {
      text = (await extractText(pdf, { mergePages: true })).text;
    } finally {
      await pdf.cleanup();
    }
  } else if (kind === 'docx') {
    text = (await mammoth.extractRawText({ buffer: Buffer.from(bytes) })).value;
  }
  return text.replace(/\s+/g, ' ').trim().slice(0, CV_TEXT_MAX);
}
