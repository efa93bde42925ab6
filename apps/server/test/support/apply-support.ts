import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { count, desc, eq } from 'drizzle-orm';
import { applications, jobs, jobTrackingEvents, outboxEmails, videoAssets } from '@hirecast/db/schema';
import { addMember, createCompany, createJob, createUser } from '@hirecast/db/factories';
import type { TDb } from '@hirecast/db/client';
import type { TApp } from '../../src/app.ts';
import { signedInUser } from './sessions.ts';

// Shared by the apply-*.test.ts files: an open job with its team, the candidate's uploads over the public API
// (signed URL PUT for the CV, tus for the video), the apply request, and what the database and storage hold.

export const uniqueEmail = (prefix = 'cand') =>
  `${prefix}-${randomBytes(4).toString('hex')}@example-test.com`;

/** An open job of a new company, with a signed-in admin who wants instant notifications and one who does not. */
export async function openJob(db: TDb, overrides: Partial<typeof jobs.$inferInsert> = {}) {
  const company = await createCompany(db);
  const admin = await signedInUser(db, { email: uniqueEmail('admin'), digestType: 'instant' });
  const instantAdmin = admin.user;
  const dailyAdmin = await createUser(db, { email: uniqueEmail('daily'), digestType: 'daily' });
  await addMember(db, { companyId: company.id, userId: instantAdmin.id, role: 2 });
  await addMember(db, { companyId: company.id, userId: dailyAdmin.id, role: 2 });
  const job = await createJob(db, {
    status: 'open',
    publishedAt: new Date(),
    isVideoOptional: false,
    ...overrides,
    companyId: company.id,
  });
  return { company, job, instantAdmin, dailyAdmin, adminToken: admin.token };
}

export const pdfBytes = (size = 2048) => {
  const head = Buffer.from('%PDF-1.4\n%âãÏÓ\n1 0 obj << /Type /Catalog >> endobj\n');
  const tail = Buffer.from('\n%%EOF\n');
  return Buffer.concat([head, Buffer.alloc(Math.max(0, size - head.length - tail.length), 0x20), tail]);
};

/** A zip whose single stored entry is word/document.xml: what the server takes for a DOCX. */
export function docxBytes() {
  const name = Buffer.from('word/document.xml');
  const content = Buffer.from(
    '<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"/>',
  );
  const local = Buffer.alloc(30);
  local.writeUInt32LE(0x04034b50, 0);
  local.writeUInt16LE(20, 4);
  local.writeUInt32LE(content.length, 18);
  local.writeUInt32LE(content.length, 22);
  local.writeUInt16LE(name.length, 26);
  return Buffer.concat([local, name, content]);
}

export const pngBytes = () =>
  Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), randomBytes(512)]);

export const PDF = 'application/pdf';
export const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

export async function signedUrl(app: TApp, shortId: string, contentType: string, remoteAddress?: string) {
  return app.inject({
    method: 'GET',
    url: `/api/public/signed-url?${new URLSearchParams({ 'content-type': contentType, job: shortId })}`,
    ...(remoteAddress && { remoteAddress }),
  });
}

/** GET a signed URL, then PUT the bytes to it as the browser would; answers the key. */
export async function putCandidateFile(app: TApp, shortId: string, bytes: Buffer, contentType = PDF) {
  const path = `/api/public/signed-url?${new URLSearchParams({ 'content-type': contentType, job: shortId })}`;
  return putSignedFile(app, path, bytes, contentType);
}

/** GET a signed URL from `signedPath` (the apply form's or an interview's) and PUT the bytes to it; answers the key. */
export async function putSignedFile(app: TApp, signedPath: string, bytes: Buffer, contentType = PDF) {
  const signed = await app.inject({ url: signedPath });
  if (signed.statusCode !== 200) throw new Error(`signed-url ${signed.statusCode}: ${signed.body}`);
  const { url, key } = signed.json().data as { url: string; key: string };
  const target = new URL(url);
  const put = await app.inject({
    method: 'PUT',
    url: `${target.pathname}${target.search}`,
    headers: { 'content-type': contentType },
    payload: bytes,
  });
  if (put.statusCode !== 200) throw new Error(`PUT ${put.statusCode}: ${put.body}`);
  return key;
}

const b64 = (text: string) => Buffer.from(text).toString('base64');

export function openCandidateUpload(
  app: TApp,
  input: { shortId: string; size: number; filename?: string; filetype?: string; remoteAddress?: string },
) {
  const metadata = [
    `job ${b64(input.shortId)}`,
    `filename ${b64(input.filename ?? 'intro.mp4')}`,
    `filetype ${b64(input.filetype ?? 'video/mp4')}`,
  ].join(',');
  return app.inject({
    method: 'POST',
    url: '/api/public/uploads',
    headers: { 'tus-resumable': '1.0.0', 'upload-length': String(input.size), 'upload-metadata': metadata },
    ...(input.remoteAddress && { remoteAddress: input.remoteAddress }),
  });
}

export const patchCandidateUpload = (app: TApp, location: string, offset: number, body: Buffer) =>
  app.inject({
    method: 'PATCH',
    url: location,
    headers: {
      'tus-resumable': '1.0.0',
      'upload-offset': String(offset),
      'content-type': 'application/offset+octet-stream',
    },
    payload: body,
  });

/** A whole candidate video through tus at /api/public/uploads; answers the upload id (last URL segment). */
export async function uploadCandidateVideo(
  app: TApp,
  shortId: string,
  bytes: Uint8Array,
  filename = 'intro.mp4',
) {
  const created = await openCandidateUpload(app, { shortId, size: bytes.length, filename });
  if (created.statusCode !== 201) throw new Error(`tus create ${created.statusCode}: ${created.body}`);
  const location = created.headers.location as string;
  const patched = await patchCandidateUpload(app, location, 0, Buffer.from(bytes));
  if (patched.statusCode !== 204) throw new Error(`tus patch ${patched.statusCode}: ${patched.body}`);
  return { uploadId: location.split('/').pop()!, location };
}

export const applyBody = (overrides: Record<string, unknown> = {}) => ({
  firstName: 'Grace',
  lastName: 'Hopper',
  email: uniqueEmail(),
  consent: true,
  ...overrides,
});

export const apply = (app: TApp, shortId: string, payload: unknown, remoteAddress?: string) =>
  app.inject({
    method: 'POST',
    url: `/api/public/job/${shortId}/apply`,
    payload: payload as object,
    ...(remoteAddress && { remoteAddress }),
  });

export async function emailsTo(db: TDb, to: string) {
  return db.select().from(outboxEmails).where(eq(outboxEmails.to, to)).orderBy(desc(outboxEmails.createdAt));
}

/** The private link token in the newest confirmation email to `to`. */
export async function manageToken(db: TDb, to: string) {
  const [email] = await emailsTo(db, to);
  const link = email?.text.match(/https?:\/\/\S+\/application\/([\w-]+)/);
  if (!link) throw new Error(`no application link in an email to ${to}`);
  return link[1]!;
}

export async function applicationRow(db: TDb, id: string) {
  const [row] = await db.select().from(applications).where(eq(applications.id, id));
  return row;
}

export async function assetRow(db: TDb, id: string) {
  const [row] = await db.select().from(videoAssets).where(eq(videoAssets.id, id));
  return row;
}

/** Everything an application writes, to prove a refused one wrote nothing. */
export async function snapshot(db: TDb, jobId: string) {
  const [[a], [v], [e], [j], [o]] = await Promise.all([
    db.select({ n: count() }).from(applications),
    db.select({ n: count() }).from(videoAssets),
    db.select({ n: count() }).from(jobTrackingEvents),
    db.select({ n: jobs.submittedApplications }).from(jobs).where(eq(jobs.id, jobId)),
    db.select({ n: count() }).from(outboxEmails),
  ]);
  return { applications: a!.n, videoAssets: v!.n, events: e!.n, submitted: j!.n, emails: o!.n };
}

export const storedFile = (root: string, key: string) => existsSync(join(root, key));
