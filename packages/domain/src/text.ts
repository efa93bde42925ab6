// Text PostgreSQL can store. `text` and `jsonb` refuse U+0000, and a lone UTF-16 surrogate (half of a
// pair, as JSON's "\ud800" gives) is not valid UTF-8, so either one in any input would fail at the database
// with a 500. The regex runs on UTF-16 code units (no `u` flag) so that it sees unpaired halves.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const isStorableText = (text: string) => text.search(UNSTORABLE) < 0;
/** The text with every unstorable character replaced by U+FFFD (to name a bad key without echoing it). */
export const storableText = (text: string) => text.replace(UNSTORABLE, '\uFFFD');

// Parsed inputs are plain objects, arrays and null-prototype records (query strings, route params). Raw
// bodies (Buffers, streams) are bytes, not text, and are never entered.
const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !ArrayBuffer.isView(value) &&
  !(value instanceof ArrayBuffer) &&
  typeof (value as { pipe?: unknown }).pipe !== 'function';

/**
 * The path (dot-separated, '' for the value itself) of a string or object key in a parsed input
 * (JSON body, query, route params) that is not storable text, or null when there is none. Walks without
 * recursion, so no nesting depth can overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (isRecord(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${storableText(key)}` : storableText(key);
        if (!isStorableText(key)) return at;
        pending.push([item, at]);
      }
    }
  }
  return null;
}
