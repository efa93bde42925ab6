import { sql } from 'drizzle-orm';
import { applications } from '@hirecast/db/schema';
import {
  applicantMessages,
  csvSort,
  STATUS_LABELS,
  type TApplicantsCsvRequest,
  type TApplicationStatus,
} from '@hirecast/domain/applicants';
import type { TContext } from '../../lib/context.ts';
import type { TCompanyScope } from '../../plugins/auth.ts';
import { findJob } from '../jobs/index.ts';
import { applicationViewLink } from './links.ts';
import { listOrder, listWhere, ratingExpression } from './list.ts';
import { assertCanAct } from './policy.ts';

// spec 2 §7 POST /job/{id}/applicants/csv, saved as '{job title} applicants.csv'. Spreadsheets run cells that
// start with = + - @ (and tab or carriage return) as formulas, so those get a leading apostrophe (OWASP CSV
// injection); every cell is then quoted as RFC 4180 asks when it holds a comma, a quote or a line break.

export const CSV_COLUMNS = [
  'First name',
  'Last name',
  'Email',
  'Position',
  'Location',
  'Status',
  'Sent at',
  'Rating',
  'Link',
] as const;

export function csvCell(value: string | number | null | undefined): string {
  let text = value === null || value === undefined ? '' : String(value);
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** DD/MM/YYYY as the table shows dates (spec 2 §2), in UTC. */
export const csvDate = (date: Date) =>
  `${pad(date.getUTCDate())}/${pad(date.getUTCMonth() + 1)}/${date.getUTCFullYear()}`;

/** Content-Disposition with an ASCII fallback and the exact name in RFC 5987 form (titles may be any text). */
export function attachmentHeader(fileName: string) {
  const fallback = fileName.replace(/[^\x20-\x7e]|["\\/]/g, '_');
  const encoded = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${fallback}"; filename*=UTF-8''${encoded}`;
}

export async function exportApplicantsCsv(
  ctx: TContext,
  { scope, jobId, body }: { scope: TCompanyScope; jobId: string; body: TApplicantsCsvRequest },
) {
  const job = await findJob(ctx.db, scope, jobId);
  // spec 2 §6: viewers do not see Export.
  assertCanAct(scope);
  const status = body.status as TApplicationStatus | undefined;
  const rows = await ctx.db
    .select({
      id: applications.id,
      firstName: applications.firstName,
      lastName: applications.lastName,
      email: applications.email,
      position: applications.position,
      location: applications.location,
      status: applications.status,
      sentAt: applications.sentAt,
      rating: sql<number | null>`${ratingExpression}`,
    })
    .from(applications)
    .where(listWhere({ jobId: job.id, status }))
    .orderBy(...listOrder(csvSort(body)));
  const lines = [CSV_COLUMNS.join(',')];
  for (const r of rows) {
    lines.push(
      [
        r.firstName,
        r.lastName,
        r.email,
        r.position,
        r.location,
        STATUS_LABELS[r.status as TApplicationStatus] ?? r.status,
        csvDate(r.sentAt),
        r.rating === null ? '' : r.rating.toFixed(1),
        applicationViewLink(ctx.config.publicUrl, job.id, r.id),
      ]
        .map(csvCell)
        .join(','),
    );
  }
  const title = job.title.trim() || applicantMessages.untitledJob;
  // The BOM makes spreadsheet programs read the file as UTF-8 (names with accents).
  return { fileName: `${title} applicants.csv`, csv: `\ufeff${lines.join('\r\n')}\r\n` };
}
