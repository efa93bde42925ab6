import type { TDelta } from '@hirecast/domain/job';
import { DeltaBuilder } from './delta-builder.ts';

// The subset of Markdown a chat model writes for a job ad: #/##/### headings, -/*/+ and numbered lists,
// paragraphs, **bold** and *italic*. Links keep their text only (the editor adds links itself); anything
// else stays as plain text, so nothing a model writes becomes markup we did not choose.
export function markdownToDelta(markdown: string): TDelta {
  const out = new DeltaBuilder();
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) out.paragraph(inline(paragraph.join(' ')));
    paragraph = [];
  };
  const lines = markdown
    .replace(/\r\n?/g, '\n')
    .replace(/^```[a-z]*\n([\s\S]*?)\n```\s*$/i, '$1')
    .split('\n');
  for (const raw of lines) {
    const line = raw.trim();
    if (!line || /^(-{3,}|\*{3,}|_{3,})$/.test(line)) {
      flush();
      continue;
    }
    const heading = /^(#{1,6})\s+(.*?)\s*#*$/.exec(line);
    if (heading) {
      flush();
      out.heading(stripInline(heading[2]!), heading[1]!.length >= 3 ? 3 : 2);
      continue;
    }
    const bullet = /^[-*+•]\s+(.*)$/.exec(line);
    if (bullet) {
      flush();
      out.listItem(inline(bullet[1]!), 'bullet');
      continue;
    }
    const ordered = /^\d+[.)]\s+(.*)$/.exec(line);
    if (ordered) {
      flush();
      out.listItem(inline(ordered[1]!), 'ordered');
      continue;
    }
    paragraph.push(line);
  }
  flush();
  return out.build();
}

const stripLinks = (text: string) => text.replace(/\[([^\]]*)\]\([^)]*\)/g, '$1');
const stripInline = (text: string) => stripLinks(text).replace(/(\*\*|__|\*|_|`)/g, '');

function inline(text: string) {
  const parts: { text: string; bold?: boolean; italic?: boolean }[] = [];
  const pattern = /\*\*(.+?)\*\*|__(.+?)__|\*(.+?)\*|(?<![\w])_(.+?)_(?![\w])|`(.+?)`/g;
  const source = stripLinks(text);
  let at = 0;
  for (const match of source.matchAll(pattern)) {
    if (match.index > at) parts.push({ text: source.slice(at, match.index) });
    const [, bold1, bold2, italic1, italic2, code] = match;
    if (bold1 ?? bold2) parts.push({ text: (bold1 ?? bold2)!, bold: true });
    else if (italic1 ?? italic2) parts.push({ text: (italic1 ?? italic2)!, italic: true });
    else parts.push({ text: code! });
    at = match.index + match[0].length;
  }
  if (at < source.length) parts.push({ text: source.slice(at) });
  return parts;
}
