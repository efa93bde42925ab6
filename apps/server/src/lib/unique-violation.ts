/**
 * The constraint of a PostgreSQL unique violation (SQLSTATE 23505) anywhere in the error's cause chain, pg and
 * PGlite alike (drizzle wraps the driver's error as `cause`): the constraint's name, '' when the driver did not
 * say which, or null when the error is not a unique violation. The one place the server recognises it.
 */
export function uniqueViolation(err: unknown): string | null {
  for (let e = err; e && typeof e === 'object'; e = (e as { cause?: unknown }).cause) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if (code === '23505') return typeof constraint === 'string' ? constraint : '';
  }
  return null;
}

/** Whether the error is a unique violation of any constraint. */
export const isUniqueViolation = (err: unknown) => uniqueViolation(err) !== null;
