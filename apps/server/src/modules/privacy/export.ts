import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { and, eq, gt, inArray } from 'drizzle-orm';
import yazl from 'yazl';
import { applications, companies, dataExports } from '@hirecast/db/schema';
import { EXPORT_LINK_DAYS, privacyMessages } from '@hirecast/domain/privacy';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { renderEmail } from '../../lib/email-layout.ts';
import { recordAudit } from '../../lib/privacy-audit.ts';
import { newUploadKey } from '../../lib/storage/keys.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { allContributors } from './erase.ts';

const TOKEN = /^[A-Za-z0-9_-]{43}$/;
const DAY_MS = 24 * 3600_000;
/** A candidate asking again within this time gets the export already under way, not another one. */
const REPEAT_MS = 10 * 60_000;

/**
 * The emailed link: the candidate site's page of the export (issue 33 item 7), whose button downloads it through
 * `exportDownloadPath`. Both tokens are redacted in logs (lib/request-log.ts).
 */
export const exportLink = (publicUrl: string, token: string) => `${publicUrl}/data-export/${token}`;
export const exportDownloadPath = (token: string) => `/api/public/data-export/${token}`;

/**
 * Queues an export of `applicationIds` (all of `companyId`) delivered to `deliverTo`; the job builds it. Each
 * application's audit records the export with who asked.
 */
export async function requestExport(
  ctx: Pick<TContext, 'db' | 'queue'>,
  input: {
    companyId: string;
    applicationIds: string[];
    deliverTo: string;
    requestedBy: string | null;
    actor: { id: string | null; name: string };
    ip: string | null;
  },
) {
  const ids = [...new Set(input.applicationIds)];
  const found = await ctx.db
    .select({ id: applications.id })
    .from(applications)
    .where(and(inArray(applications.id, ids), eq(applications.companyId, input.companyId)));
  if (found.length !== ids.length) throw new AppError('NOT_FOUND', 'Application not found');
  if (input.requestedBy === null) {
    const [recent] = await ctx.db
      .select({ id: dataExports.id })
      .from(dataExports)
      .where(
        and(
          eq(dataExports.companyId, input.companyId),
          eq(dataExports.deliverTo, input.deliverTo),
          gt(dataExports.createdAt, new Date(Date.now() - REPEAT_MS)),
        ),
      )
      .limit(1);
    if (recent) return { exportId: recent.id, message: privacyMessages.exportRequested };
  }
  const [row] = await ctx.db
    .insert(dataExports)
    .values({
      companyId: input.companyId,
      applicationIds: ids,
      deliverTo: input.deliverTo,
      requestedBy: input.requestedBy,
      // Replaced by the link's real token when the ZIP is ready (only its hash is kept).
      tokenHash: hashToken(newToken()),
      expiresAt: new Date(Date.now() + EXPORT_LINK_DAYS * DAY_MS),
    })
    .returning({ id: dataExports.id });
  for (const applicationId of ids)
    await recordAudit(ctx.db, {
      companyId: input.companyId,
      applicationId,
      action: 'export',
      actor: input.actor,
      ip: input.ip,
      details: { applications: ids.length },
    });
  await ctx.queue.send('privacy.export', { exportId: row!.id });
  return { exportId: row!.id, message: privacyMessages.exportRequested };
}

const safeName = (s: string) => s.replace(/[^\w.-]+/g, '_').slice(0, 80) || 'file';

/**
 * The job: a ZIP of data.json (every contributor's part for each application) and the stored files, written to
 * a temporary file as it goes (videos are streamed from storage to disk and from disk into the ZIP, never held in
 * memory), stored, and its link emailed. Idempotent: a ready export is not built again.
 */
export async function buildExport(
  ctx: Pick<TContext, 'db' | 'storage' | 'mail' | 'config' | 'log'>,
  exportId: string,
) {
  const [job] = await ctx.db.select().from(dataExports).where(eq(dataExports.id, exportId));
  if (!job || job.status === 'ready') return;
  const rows = await ctx.db
    .select()
    .from(applications)
    .where(and(inArray(applications.id, job.applicationIds), eq(applications.companyId, job.companyId)));
  const [company] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, job.companyId));
  const dir = await mkdtemp(join(tmpdir(), 'hirecast-export-'));
  try {
    const zip = new yazl.ZipFile();
    const zipFile = join(dir, 'export.zip');
    const written = pipeline(zip.outputStream, createWriteStream(zipFile));
    const held: Record<string, unknown>[] = [];
    let n = 0;
    for (const a of rows) {
      n += 1;
      const folder = `application-${n}`;
      const part: Record<string, unknown> = { folder };
      for (const contributor of allContributors()) {
        const { data, files } = await contributor.collect(ctx, a);
        if (data !== undefined) part[contributor.name] = data;
        const included: string[] = [];
        for (const file of files) {
          const local = join(dir, `${n}-${included.length}-${contributor.name}`);
          if (!(await ctx.storage.download(file.key, local))) continue;
          const path = `${folder}/${file.path.split('/').map(safeName).join('/')}`;
          zip.addFile(local, path);
          included.push(path);
        }
        if (included.length > 0) part[`${contributor.name}Files`] = included;
      }
      held.push(part);
    }
    const document = {
      generatedAt: new Date().toISOString(),
      company: company?.name ?? null,
      about:
        'Everything Hirecast holds about you on behalf of this company: each application, its answers, statuses, the emails sent to you and your consent records. Your CV and video are in the folders named here.',
      applications: held,
    };
    zip.addBuffer(Buffer.from(JSON.stringify(document, null, 2)), 'data.json');
    zip.end();
    await written;
    const key = newUploadKey({ ownerId: job.companyId, ext: 'zip', isPublic: false });
    await ctx.storage.putFile({ key, file: zipFile, contentType: 'application/zip' });
    const token = newToken();
    await ctx.db
      .update(dataExports)
      .set({ status: 'ready', fileKey: key, tokenHash: hashToken(token) })
      .where(eq(dataExports.id, job.id));
    const url = exportLink(ctx.config.publicUrl, token);
    const { subject, text, html } =
      job.requestedBy === null ? candidateExportEmail(company?.name, url) : adminExportEmail(rows, url);
    await ctx.mail.send({
      to: job.deliverTo,
      subject,
      text,
      html,
      // The letter belongs to the application (exported with it when it is the candidate's, erased with it either
      // way: an admin's copy names the candidate).
      ...((job.requestedBy !== null || job.applicationIds.length === 1) && {
        applicationId: job.applicationIds[0],
      }),
    });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function candidateExportEmail(companyName: string | undefined, url: string) {
  return {
    subject: 'Your data export is ready',
    ...renderEmail({
      heading: 'Your data is ready to download',
      paragraphs: [
        `The copy of the data ${companyName ?? 'the company'} holds through Hirecast is ready.`,
        `The link works for ${EXPORT_LINK_DAYS} days. Keep it to yourself: anyone who has it can download the file.`,
      ],
      action: { label: 'Download my data', url },
    }),
  };
}

/** Issue 33 item 10: an admin's export names whom it is of ("Data export of Grace Hopper"), and how much it holds. */
function adminExportEmail(rows: { firstName: string; lastName: string; email: string }[], url: string) {
  const people =
    [...new Set(rows.map((r) => `${r.firstName} ${r.lastName}`.trim()))].join(', ') || 'a candidate';
  const emails = [...new Set(rows.map((r) => r.email))].join(', ');
  const count = `${rows.length} application${rows.length === 1 ? '' : 's'}`;
  return {
    subject: `Data export of ${people} is ready`,
    ...renderEmail({
      heading: `Data export of ${people}`,
      paragraphs: [
        `The export you asked for is ready: everything held about ${people} (${emails}), ${count}, with the CV and video files.`,
        `The link works for ${EXPORT_LINK_DAYS} days. It holds personal data: keep it to yourself and delete the file when the request is answered.`,
      ],
      action: { label: 'Download the export', url },
    }),
  };
}

/**
 * The export a download link names: `ready` while it lasts; else not valid, with its company when the link was
 * real (an expired one), so its page still shows whose it was.
 */
export async function exportLinkState(ctx: Pick<TContext, 'db'>, token: string) {
  const [row] = TOKEN.test(token)
    ? await ctx.db
        .select()
        .from(dataExports)
        .where(and(eq(dataExports.tokenHash, hashToken(token)), eq(dataExports.status, 'ready')))
    : [];
  if (!row?.fileKey) return { ready: false as const, companyId: null };
  if (row.expiresAt.getTime() <= Date.now()) return { ready: false as const, companyId: row.companyId };
  return { ready: true as const, companyId: row.companyId, fileKey: row.fileKey, expiresAt: row.expiresAt };
}

/** The download: a short signed URL of the ZIP while the link lasts. */
export async function exportDownloadUrl(ctx: Pick<TContext, 'db' | 'storage'>, token: string) {
  const state = await exportLinkState(ctx, token);
  if (!state.ready) throw new AppError('NOT_FOUND', privacyMessages.exportLinkInvalid);
  return ctx.storage.signGet({ key: state.fileKey, expiresIn: 300 });
}
