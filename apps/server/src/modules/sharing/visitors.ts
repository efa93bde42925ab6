import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { TDb, TTx } from '@hirecast/db/client';
import { REFERRAL_VISITS_PER_ADDRESS } from '@hirecast/domain/sharing';

/**
 * Issue 23 item 4: a visit counts once per visitor, job and local day, so forged beacons with fresh session ids
 * earn nothing. The visitor is known by two marks: the id of a signed, HttpOnly cookie the server sets on the
 * first visit beacon, and an HMAC of the client's address and user agent (what a client that keeps no cookies
 * still shows). A visit counts only when neither mark has visited the job that day, so a browser that changes
 * network keeps its cookie, and a client that drops its cookies keeps its address and agent. Two people behind
 * one address with the very same browser build count once a day for a job: the price of the fallback. Marks are
 * stored hashed with the app secret (no address is kept), in PostgreSQL, so every API process agrees.
 */
export const VISITOR_COOKIE = 'hc-visitor';
/** The cookie outlives any local day it is first set in; then the browser gets a new one. */
export const VISITOR_COOKIE_MAX_AGE = 2 * 86_400;

const ID = /^[0-9A-Za-z_-]{22}$/;
const sign = (secret: string, id: string) =>
  createHmac('sha256', secret).update(`visitor-cookie:${id}`).digest('base64url');
const mark = (secret: string, value: string) =>
  createHmac('sha256', secret).update(`visitor-mark:${value}`).digest('base64url');

/** The visitor id of a cookie value the server signed, else null (absent, forged or damaged). */
export function readVisitorCookie(secret: string, value: string | undefined): string | null {
  if (!value) return null;
  const [id, signature, extra] = value.split('.');
  if (!id || !signature || extra !== undefined || !ID.test(id)) return null;
  const expected = Buffer.from(sign(secret, id));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given) ? id : null;
}

/** A new visitor id and the signed cookie value that carries it. */
export function newVisitorCookie(secret: string) {
  const id = randomBytes(16).toString('base64url');
  return { id, value: `${id}.${sign(secret, id)}` };
}

/** The stored marks of a visitor: their cookie id (when signed by us) and their address and user agent. */
export function visitorMarks(
  secret: string,
  { visitorId, ip, userAgent }: { visitorId: string; ip: string; userAgent: string | undefined },
) {
  return [mark(secret, `cookie:${visitorId}`), mark(secret, `client:${ip}\n${userAgent ?? ''}`)];
}

/**
 * Notes the visitor's marks on the job for today (the company's local day) and answers whether this is their
 * first visit of the job that day. Call inside the transaction that records the visit.
 */
export async function firstVisitToday(tx: TTx | TDb, { jobId, marks }: { jobId: string; marks: string[] }) {
  const noted = await noteMarks(tx, { jobId, marks });
  // Days gone by are of no more use: the job's older marks go (a local day is never 2 days behind UTC's).
  await tx.execute(sql`
    DELETE FROM job_visitor_days WHERE job_id = ${jobId} AND day < (now() AT TIME ZONE 'UTC')::date - 2`);
  return noted === marks.length;
}

/** Notes marks on the job for today (the company's local day); answers how many were new. */
async function noteMarks(tx: TTx | TDb, { jobId, marks }: { jobId: string; marks: string[] }) {
  const values = sql.join(
    marks.map((m) => sql`(${m})`),
    sql`, `,
  );
  const result = await tx.execute<{ visitor: string }>(sql`
    INSERT INTO job_visitor_days (job_id, day, visitor)
    SELECT j.id, (now() AT TIME ZONE coalesce(s.time_zone, 'Europe/London'))::date, m.visitor
    FROM jobs j
    LEFT JOIN company_sharing_settings s ON s.company_id = j.company_id
    CROSS JOIN (VALUES ${values}) AS m(visitor)
    WHERE j.id = ${jobId}
    ON CONFLICT DO NOTHING
    RETURNING visitor`);
  return result.rows.length;
}

/**
 * Issue 33 item 6: a referral visit is credited at most REFERRAL_VISITS_PER_ADDRESS times per client address,
 * job and local day, whatever user agents the address shows. Answers a function that takes one of the
 * address's places of the day (true) or finds them all taken (false); each place is a mark, so concurrent
 * requests and several API processes cannot take one twice. Call it inside the event's transaction.
 */
export function referralPlaceClaimer(
  tx: TTx | TDb,
  { secret, jobId, ip }: { secret: string; jobId: string; ip: string },
) {
  return async () => {
    for (let place = 1; place <= REFERRAL_VISITS_PER_ADDRESS; place += 1) {
      const marks = [mark(secret, `referral-address:${ip}#${place}`)];
      if ((await noteMarks(tx, { jobId, marks })) === 1) return true;
    }
    return false;
  };
}
