import { Fragment } from 'react';
import Link from '@mui/material/Link';

const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
// Sentence punctuation right after a link is not part of it.
const TRAILING = /[.,;:!?)\]]+$/;

export type TTextPart = { type: 'text'; value: string } | { type: 'link'; value: string };

export function splitLinks(text: string): TTextPart[] {
  const parts: TTextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const raw = match[0];
    const url = raw.replace(TRAILING, '');
    const start = match.index;
    if (start > last) parts.push({ type: 'text', value: text.slice(last, start) });
    parts.push({ type: 'link', value: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ type: 'text', value: text.slice(last) });
  return parts;
}

// The plain-text version of an email with every URL as a link whose text is the URL itself.
export function LinkifiedText({ text }: { text: string }) {
  return (
    <>
      {splitLinks(text).map((part, i) =>
        part.type === 'link' ? (
          <Link key={i} href={part.value} sx={{ overflowWrap: 'anywhere' }}>
            {part.value}
          </Link>
        ) : (
          <Fragment key={i}>{part.value}</Fragment>
        ),
      )}
    </>
  );
}
