import { eq } from 'drizzle-orm';
import { companies, jobs } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TApp } from '../../src/app.ts';
import { bearer } from './helper.ts';

// Shared by the jobs*.test.ts files.

export type TActor = { token: string; company: { id: string } };

export const validJob = (overrides: Record<string, unknown> = {}) => ({
  title: 'Head Chef',
  postHeading: 'Cook with us',
  description: { ops: [{ insert: 'Run a busy kitchen.\n' }] },
  location: { city: 'London', country: 'United Kingdom' },
  ...overrides,
});

export const headers = (actor: TActor) => ({ ...bearer(actor.token), 'x-company-id': actor.company.id });

export function jobApi(app: TApp) {
  const call = (actor: TActor, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: headers(actor),
      ...(payload !== undefined && { payload: payload as object }),
    });
  return {
    call,
    create: (actor: TActor, payload: unknown = validJob()) => call(actor, 'POST', '/api/job', payload),
    patch: (actor: TActor, id: string, payload: unknown) => call(actor, 'PATCH', `/api/job/${id}`, payload),
    status: (actor: TActor, id: string, payload: unknown) =>
      call(actor, 'PATCH', `/api/job/${id}/status`, payload),
    get: (actor: TActor, id: string, query = '') => call(actor, 'GET', `/api/job/${id}${query}`),
    list: (actor: TActor, query = '') => call(actor, 'GET', `/api/job${query}`),
    copy: (actor: TActor, id: string) => call(actor, 'POST', `/api/job/${id}/copy`),
    remove: (actor: TActor, id: string) => call(actor, 'DELETE', `/api/job/${id}`),
    short: (actor: TActor, id: string) => call(actor, 'POST', `/api/job/${id}/short`),
    reorder: (actor: TActor, jobsOrder: unknown) => call(actor, 'PATCH', '/api/job/reorder', { jobsOrder }),
  };
}

export async function jobRow(db: TDb, id: string) {
  const [row] = await db.select().from(jobs).where(eq(jobs.id, id));
  return row;
}

export async function activeJobsOf(db: TDb, companyId: string) {
  const [row] = await db
    .select({ n: companies.activeJobs })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row!.n;
}
