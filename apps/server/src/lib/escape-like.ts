/** Escapes `\`, `%` and `_` so that a search typed by someone matches literally inside a LIKE/ILIKE pattern. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);
