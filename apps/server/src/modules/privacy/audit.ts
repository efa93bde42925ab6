import { and, desc, eq, gte, ilike, lt, sql, type SQL } from 'drizzle-orm';
import { privacyAuditEvents } from '@hirecast/db/schema';
import {
  AUDIT_ACTION_LABELS,
  type TAuditAction,
  type TAuditEvent,
  type ZAuditQuery,
} from '@hirecast/domain/privacy';
import type { z } from 'zod';
import type { TContext } from '../../lib/context.ts';
import { csvLine } from '../job-share/index.ts';

const PAGE_SIZE = 50;
/** A CSV export reads at most this many events (a year of a busy company's views). */
const CSV_MAX = 50_000;

type TAuditRow = typeof privacyAuditEvents.$inferSelect;

const present = (r: TAuditRow): TAuditEvent => ({
  _id: r.id,
  applicationId: r.applicationId,
  subjectName: r.subjectName,
  action: r.action as TAuditAction,
  actorName: r.actorName,
  ip: r.ip,
  details: Object.fromEntries(Object.entries(r.details).filter(([, v]) => v !== undefined)) as Record<
    string,
    string | number
  >,
  createdAt: r.createdAt.toISOString(),
});

function filters(companyId: string, query: z.output<typeof ZAuditQuery>): SQL {
  const escaped = query.actor?.replace(/[\\%_]/g, (c) => `\\${c}`);
  return and(
    eq(privacyAuditEvents.companyId, companyId),
    query.action ? eq(privacyAuditEvents.action, query.action) : undefined,
    query.applicationId ? eq(privacyAuditEvents.applicationId, query.applicationId) : undefined,
    escaped ? ilike(privacyAuditEvents.actorName, `%${escaped}%`) : undefined,
    query.from ? gte(privacyAuditEvents.createdAt, new Date(`${query.from}T00:00:00Z`)) : undefined,
    query.to
      ? lt(privacyAuditEvents.createdAt, new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000))
      : undefined,
  )!;
}

/** The company's audit, newest first, a page at a time (issue 26 item 4; dates are whole UTC days). */
export async function listAudit(
  db: TContext['db'],
  { companyId, query }: { companyId: string; query: z.output<typeof ZAuditQuery> },
) {
  const where = filters(companyId, query);
  const [rows, [count]] = await Promise.all([
    db
      .select()
      .from(privacyAuditEvents)
      .where(where)
      .orderBy(desc(privacyAuditEvents.createdAt), desc(privacyAuditEvents.id))
      .limit(PAGE_SIZE)
      .offset((query.page - 1) * PAGE_SIZE),
    db
      .select({ n: sql<number>`count(*)::int` })
      .from(privacyAuditEvents)
      .where(where),
  ]);
  return { items: rows.map(present), total: count?.n ?? 0 };
}

export async function auditCsv(
  db: TContext['db'],
  { companyId, query }: { companyId: string; query: z.output<typeof ZAuditQuery> },
) {
  const rows = await db
    .select()
    .from(privacyAuditEvents)
    .where(filters(companyId, query))
    .orderBy(desc(privacyAuditEvents.createdAt))
    .limit(CSV_MAX);
  const lines = [
    csvLine(['When (UTC)', 'Action', 'Candidate', 'Application', 'By', 'Address', 'Details']),
    ...rows.map((r) =>
      csvLine([
        r.createdAt,
        AUDIT_ACTION_LABELS[r.action as TAuditAction] ?? r.action,
        r.subjectName ?? (r.applicationId ? '(erased)' : '(deleted)'),
        r.applicationId,
        r.actorName,
        r.ip,
        Object.entries(r.details)
          .map(([k, v]) => `${k}: ${String(v)}`)
          .join('; '),
      ]),
    ),
  ];
  return `${lines.join('\r\n')}\r\n`;
}
