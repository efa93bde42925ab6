import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { applications } from '@hirecast/db/schema';
import { addMember, createCompany, createJob } from '@hirecast/db/factories';
import type { TDb } from '@hirecast/db/client';
import type { TApp } from '../../src/app.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';
import { bearer } from './helper.ts';
import { signedInUser } from './sessions.ts';

// Shared by the applicants-*.test.ts files: a company with an admin, a job manager and a viewer, its job,
// applications inserted directly (the apply flow has its own tests), and calls made as one of the members.

export type TMember = {
  token: string;
  companyId: string;
  user: { id: string; firstName: string; lastName: string };
};

/** A company with one member of each role and an open job. */
export async function hiringTeam(db: TDb, names: { admin?: { firstName: string; lastName: string } } = {}) {
  const company = await createCompany(db);
  const member = async (role: 0 | 1 | 2, extra: Parameters<typeof signedInUser>[1] = {}) => {
    const signed = await signedInUser(db, extra);
    await addMember(db, { companyId: company.id, userId: signed.user.id, role });
    return { token: signed.token, companyId: company.id, user: signed.user };
  };
  const admin = await member(2, { firstName: 'Ada', lastName: 'Admin', ...names.admin });
  const manager = await member(1, { firstName: 'Max', lastName: 'Manager', position: 'Head of People' });
  const viewer = await member(0, { firstName: 'Vic', lastName: 'Viewer' });
  const job = await createJob(db, {
    companyId: company.id,
    status: 'open',
    title: 'Barista',
    createdBy: admin.user.id,
  });
  return { company, job, admin, manager, viewer };
}

type TApplicationInsert = typeof applications.$inferInsert;

/** One application row of `job`, with the columns the apply flow would fill. */
export async function createApplication(
  db: TDb,
  job: { id: string; companyId: string },
  overrides: Partial<TApplicationInsert> = {},
) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(applications)
    .values({
      jobId: job.id,
      companyId: job.companyId,
      firstName: 'Grace',
      lastName: 'Hopper',
      email: `grace-${suffix}@example-test.com`,
      manageTokenHash: hashToken(newToken()),
      ...overrides,
    })
    .returning();
  return row!;
}

/**
 * `count` applications of one job in one statement (generate_series): statuses cycle through new, new,
 * shortlisted, rejected, interviewing, hired, withdrawn; application i is sent i minutes after 2026-01-01; every
 * 10th has a mark average, every 3rd an AI score; every 1,000th is named Hopper.
 */
export async function insertManyApplications(db: TDb, job: { id: string; companyId: string }, count: number) {
  await db.execute(sql`
    insert into applications
      (job_id, company_id, status, sent_at, first_name, last_name, email, manage_token_hash, mark_avg, ai_fit_score)
    select ${job.id}::uuid, ${job.companyId}::uuid,
      (array['new','new','shortlisted','rejected','interviewing','hired','withdrawn'])[1 + i % 7],
      timestamptz '2026-01-01' + i * interval '1 minute',
      'Cand' || i,
      case when i % 1000 = 0 then 'Hopper' else 'Surname' || (i % 97) end,
      'cand' || i || '@bulk-test.com',
      md5(${job.id}::text || i::text),
      case when i % 10 = 0 then round(((i % 41) / 10.0 + 1)::numeric, 1)::real end,
      case when i % 3 = 0 then round(((i % 51) / 10.0)::numeric, 1)::real end
    from generate_series(1, ${count}) as i`);
}

export type TCall = { method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE'; url: string; payload?: unknown };

/** A call as `member` (their token and company header). */
export const callAs = (app: TApp, member: Pick<TMember, 'token' | 'companyId'>, call: TCall) =>
  app.inject({
    method: call.method ?? 'GET',
    url: call.url,
    headers: { ...bearer(member.token), 'x-company-id': member.companyId },
    ...(call.payload !== undefined && { payload: call.payload as object }),
  });

/** An admin of another company: everything of the first company must answer them 404. */
export async function outsider(db: TDb): Promise<TMember> {
  const company = await createCompany(db);
  const signed = await signedInUser(db);
  await addMember(db, { companyId: company.id, userId: signed.user.id, role: 2 });
  return { token: signed.token, companyId: company.id, user: signed.user };
}
