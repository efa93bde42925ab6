import type { TDelta } from './job.ts';

// ARCHITECTURE.md: rich text from users is rendered through an allow-list. A job description is a Quill Delta;
// this turns it into HTML that can only contain the tags below. Every text is escaped, only http(s) and mailto
// links survive, and unknown attributes and embeds are dropped — so the output is safe to inject as is.

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export const isSafeHref = (href: unknown): href is string =>
  typeof href === 'string' && href.length <= 2000 && /^(https?:\/\/|mailto:)[^\s"'<>]+$/i.test(href);

type TAttrs = Record<string, unknown> | undefined;
type TLine = { html: string; text: string; attrs: TAttrs };

function inline(text: string, attrs: TAttrs): string {
  let html = escapeHtml(text);
  if (!attrs) return html;
  if (attrs.code === true) html = `<code>${html}</code>`;
  if (attrs.bold === true) html = `<strong>${html}</strong>`;
  if (attrs.italic === true) html = `<em>${html}</em>`;
  if (attrs.underline === true) html = `<u>${html}</u>`;
  if (attrs.strike === true) html = `<s>${html}</s>`;
  if (isSafeHref(attrs.link))
    html = `<a href="${escapeHtml(attrs.link)}" rel="nofollow noopener" target="_blank">${html}</a>`;
  return html;
}

/** The Delta as lines: each with its inline HTML, its plain text, and its line attributes (header, list). */
export function deltaLines(delta: TDelta | null | undefined): TLine[] {
  const lines: TLine[] = [];
  let html = '';
  let text = '';
  for (const op of delta?.ops ?? []) {
    if (typeof op.insert !== 'string') continue; // embeds (images, videos) are not part of a description
    const parts = op.insert.split('\n');
    parts.forEach((part, i) => {
      if (i > 0) {
        lines.push({ html, text, attrs: op.attributes });
        html = '';
        text = '';
      }
      if (part) {
        html += inline(part, op.attributes);
        text += part;
      }
    });
  }
  if (html || text) lines.push({ html, text, attrs: undefined });
  return lines;
}

const HEADERS: Record<string, string> = { '1': 'h2', '2': 'h3', '3': 'h4' };
const LISTS: Record<string, string> = { bullet: 'ul', ordered: 'ol' };

/** Sanitised HTML of a Quill Delta: p, h2–h4, ul/ol/li, strong, em, u, s, code, a[href], br. */
export function deltaToHtml(delta: TDelta | null | undefined): string {
  let out = '';
  let openList: string | null = null;
  for (const line of deltaLines(delta)) {
    const list = LISTS[String(line.attrs?.list)];
    if (openList && openList !== list) {
      out += `</${openList}>`;
      openList = null;
    }
    if (list) {
      if (!openList) {
        out += `<${list}>`;
        openList = list;
      }
      out += `<li>${line.html}</li>`;
      continue;
    }
    const header = HEADERS[String(line.attrs?.header)];
    if (header) out += `<${header}>${line.html}</${header}>`;
    else out += line.html ? `<p>${line.html}</p>` : '<p><br></p>';
  }
  if (openList) out += `</${openList}>`;
  // Trailing empty paragraphs add nothing.
  return out.replace(/(<p><br><\/p>)+$/, '');
}

/** The description as plain text (for meta descriptions and previews). */
export const deltaToText = (delta: TDelta | null | undefined) =>
  deltaLines(delta)
    .map((l) => l.text)
    .join('\n')
    .trim();
