/**
 * The shape of a row id (any UUID, hex in either case): checked before an id from a URL or a request reaches a
 * query, so that a malformed one answers 404 or 400 instead of a database error. The one copy of the pattern.
 */
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
