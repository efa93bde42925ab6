// Relative links in README.md and docs/**/*.md: each must name a file or folder inside the repository, and a
// #anchor must name a heading of the Markdown file it points at (GitHub's heading ids). Links to public sites
// (https:, http:, mailto:) are not fetched. docs/README.md, the index, must link every other page of docs/.
// Prints every broken link (and unlisted page) and exits 1 when there is one.
//
//   node scripts/check-links.mjs [root]      (root: the repository, default the current folder)
//
// `npm test` runs it beside the static checks (scripts/test.mjs); scripts/test/check-links.test.ts tests it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

/** The Markdown files checked, relative to root: README.md and every .md under docs/. */
export function markdownFiles(root) {
  const docs = join(root, 'docs');
  const files = existsSync(docs)
    ? readdirSync(docs, { recursive: true })
        .filter((file) => file.endsWith('.md'))
        .map((file) => `docs/${file.split(sep).join('/')}`)
    : [];
  if (existsSync(join(root, 'README.md'))) files.unshift('README.md');
  return files.sort((a, b) => (a === 'README.md' ? -1 : b === 'README.md' ? 1 : a.localeCompare(b)));
}

/** Lines with fenced code blocks blanked (a link shown inside ``` is an example, not a link). */
function withoutCodeBlocks(text) {
  let fence = null;
  return text.split('\n').map((line) => {
    const opening = /^\s*(`{3,}|~{3,})/.exec(line);
    if (fence === null && opening) {
      fence = opening[1][0].repeat(opening[1].length);
      return '';
    }
    if (fence !== null) {
      if (line.trim().startsWith(fence)) fence = null;
      return '';
    }
    return line;
  });
}

/** A line with its inline code spans blanked (`[a](b)` between backticks is not a link). */
const withoutCodeSpans = (line) => line.replace(/(`+)(?:(?!\1).)+?\1/g, (span) => ' '.repeat(span.length));

/** The links of one Markdown text: inline `[text](target)`, images, and reference definitions `[id]: target`. */
export function linksIn(text) {
  const links = [];
  withoutCodeBlocks(text).forEach((raw, index) => {
    const line = withoutCodeSpans(raw);
    for (const match of line.matchAll(/\]\(\s*(<[^>]*>|[^)\s]+)(?:\s+"[^"]*")?\s*\)/g))
      links.push({ line: index + 1, target: match[1].replace(/^<|>$/g, '') });
    const definition = /^\s{0,3}\[[^\]]+\]:\s*(<[^>]*>|\S+)/.exec(line);
    if (definition) links.push({ line: index + 1, target: definition[1].replace(/^<|>$/g, '') });
  });
  return links;
}

/** GitHub's id for a heading: lower case, punctuation dropped, spaces to hyphens. */
export function headingId(heading) {
  return heading
    .replace(/`/g, '')
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/<[^>]+>/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown text offers: its headings' ids (repeats numbered -1, -2 as GitHub does) and id/name attributes. */
export function anchorsIn(text) {
  const anchors = new Set();
  const seen = new Map();
  for (const line of withoutCodeBlocks(text)) {
    const heading = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/.exec(line);
    if (heading) {
      const id = headingId(heading[1]);
      const count = seen.get(id) ?? 0;
      seen.set(id, count + 1);
      anchors.add(count === 0 ? id : `${id}-${count}`);
    }
    for (const match of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]);
  }
  return anchors;
}

const PUBLIC = /^(https?:|mailto:)/i;
const OTHER_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** The broken links of README.md and docs/**\/*.md under root: `{ file, line, target, reason }`, in file order. */
export function brokenLinks(root = '.') {
  const top = resolve(root);
  const broken = [];
  const anchorCache = new Map();
  const anchorsOf = (file) => {
    if (!anchorCache.has(file)) anchorCache.set(file, anchorsIn(readFileSync(file, 'utf8')));
    return anchorCache.get(file);
  };
  for (const file of markdownFiles(top)) {
    const path = join(top, file);
    for (const { line, target } of linksIn(readFileSync(path, 'utf8'))) {
      if (PUBLIC.test(target)) continue;
      const report = (reason) => broken.push({ file, line, target, reason });
      if (OTHER_SCHEME.test(target)) {
        report('not a relative link nor a public site');
        continue;
      }
      const [pathPart = '', anchor] = target.split('#', 2);
      let decoded;
      try {
        decoded = decodeURIComponent(pathPart.split('?')[0]);
      } catch {
        report('not a valid URL path');
        continue;
      }
      const resolved =
        decoded === ''
          ? path
          : decoded.startsWith('/')
            ? join(top, decoded)
            : resolve(dirname(path), decoded);
      const inside = relative(top, resolved);
      if (inside.startsWith('..') || resolve(top, inside) !== resolved) {
        report('points outside the repository');
        continue;
      }
      if (!existsSync(resolved)) {
        report('no such file');
        continue;
      }
      if (anchor === undefined || anchor === '') continue;
      if (statSync(resolved).isDirectory() || !resolved.endsWith('.md')) continue;
      if (!anchorsOf(resolved).has(decodeURIComponent(anchor).toLowerCase()))
        report(`no heading #${anchor} in ${relative(top, resolved).split(sep).join('/')}`);
    }
  }
  // The index: docs/README.md, when there is one, links every other page of docs/.
  const index = join(top, 'docs', 'README.md');
  if (existsSync(index)) {
    const listed = new Set(
      linksIn(readFileSync(index, 'utf8'))
        .filter(({ target }) => !PUBLIC.test(target) && !OTHER_SCHEME.test(target))
        .map(({ target }) => resolve(dirname(index), decodeURIComponent(target.split('#')[0]))),
    );
    for (const file of markdownFiles(top))
      if (file.startsWith('docs/') && file !== 'docs/README.md' && !listed.has(join(top, file)))
        broken.push({ file, line: 1, target: 'docs/README.md', reason: 'page not listed in docs/README.md' });
  }
  return broken;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const root = process.argv[2] ?? '.';
  const files = markdownFiles(resolve(root));
  const broken = brokenLinks(root);
  for (const { file, line, target, reason } of broken) console.log(`${file}:${line}: ${target} — ${reason}`);
  console.log(
    broken.length === 0
      ? `links: every relative link in ${files.length} Markdown files resolves`
      : `links: ${broken.length} broken in ${files.length} Markdown files`,
  );
  process.exit(broken.length === 0 ? 0 : 1);
}
