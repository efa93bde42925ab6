// Text PostgreSQL can store. `text` and `jsonb` refuse U+0000, and a lone UTF-16 surrogate (half of a
// pair, as JSON's "\ud800" gives) is not valid UTF-8, so either one in any input would fail at the database
// with a 500. The regex runs on UTF-16 code units (no `u` flag) so that it sees unpaired halves.
const UNSTORABLE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export const isStorableText = (text: string) => text.search(UNSTORABLE) < 0;
/** The text with every unstorable character replaced by U+FFFD (to name a bad key without echoing it). */
export const storableText = (text: string) => text.replace(UNSTORABLE, '\uFFFD');

const isPlainObject = (value: object): value is Record<string, unknown> => {
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
};

/**
 * The path (dot-separated, '' for the value itself) of a string or object key in a parsed input
 * (JSON body, query, route params) that is not storable text, or null when there is none. Only plain
 * objects and arrays are entered (never Buffers or streams), without recursion, so no nesting depth can
 * overflow the stack.
 */
export function findUnstorableText(value: unknown): string | null {
  const pending: [unknown, string][] = [[value, '']];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [current, path] = next;
    if (typeof current === 'string') {
      if (!isStorableText(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, i) => pending.push([item, path ? `${path}.${i}` : String(i)]));
    } else if (typeof current === 'object' && current !== null && isPlainObject(current)) {
      for (const [key, item] of Object.entries(current)) {
        const at = path ? `${path}.${storableText(key)}` : storableText(key);
        if (!isStorableText(key)) return at;
        pending.push([item, at]);
      }
    }
  }
  return null;
}
