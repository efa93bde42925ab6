import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { addMember, createCompany, createJob, createUser } from '@hirecast/db/factories';
import { companyPageBlocks, companyPages, sessions, videoTemplates } from '@hirecast/db/schema';
import type { TDb } from '@hirecast/db/client';
import type { TApp } from '../../src/app.ts';
import type { TFileStore } from '../../src/lib/backup/file-stores.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';
import { createApplication } from './applicants-support.ts';
import { pdfBytes, PDF } from './apply-support.ts';
import { mp4Bytes } from './assets-support.ts';
import { bearer } from './helper.ts';
import { clipAsset, templateData } from './video-templates-support.ts';

// Shared by backup.test.ts: an installation with something of everything a backup must keep (a company and
// its admin with a password and a session, an open job, an applicant with a video and a CV, an animated video
// template over a library clip, a career page), and readers that compare two installations.

/** A recording as the browser uploads it (WebM magic number, then random bytes nothing could guess). */
export const webmBytes = (size = 200 * 1024) =>
  Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3]), randomBytes(size - 4)]);

export async function populate(app: TApp, db: TDb) {
  const storage = app.ctx.storage;
  const company = await createCompany(db, { name: `Backup Cafe ${randomBytes(3).toString('hex')}` });
  const admin = await createUser(db, { password: 'restore-me-123', firstName: 'Ada', lastName: 'Admin' });
  await addMember(db, { companyId: company.id, userId: admin.id, role: 2 });
  const token = newToken();
  await db
    .insert(sessions)
    .values({ userId: admin.id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3600_000) });
  const job = await createJob(db, { companyId: company.id, status: 'open', createdBy: admin.id });

  const video = webmBytes();
  const clip = await clipAsset(db, company.id, { exclude: true, fileName: 'recording.webm' });
  await storage.put({ key: clip.originalKey!, body: video, contentType: 'video/webm' });
  const cvKey = `uploads/${company.id}/${randomUUID()}.pdf`;
  const cv = pdfBytes(64 * 1024);
  await storage.put({ key: cvKey, body: cv, contentType: PDF });
  const applicant = await createApplication(db, job, {
    videoAssetId: clip.id,
    videoQuestion: 'Why us?',
    cvKey,
    cvFileName: 'ada.pdf',
  });

  const library = await clipAsset(db, company.id, { title: 'Team day', status: 'prepared', duration: 5 });
  await storage.put({ key: library.originalKey!, body: mp4Bytes(), contentType: 'video/mp4' });
  await db.insert(videoTemplates).values({
    companyId: company.id,
    ownerId: admin.id,
    type: 'landscape',
    title: 'Our team',
    data: templateData('landscape', [{ assetId: library.id, duration: 5 }]),
  });
  const [page] = await db.insert(companyPages).values({ companyId: company.id }).returning();
  await db.insert(companyPageBlocks).values({
    pageId: page!.id,
    companyId: company.id,
    pageType: 'WHY_JOIN',
    type: 'TEXT_AREA',
    header: 'Why join us',
    content: 'Good coffee.',
  });
  return { company, admin, token, job, applicant, video, cv };
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every row of every table of the product (schema public and the migrations' journal), as text. */
export async function allRows(db: TDb): Promise<Record<string, string[]>> {
  const { rows: tables } = await db.execute<{ name: string }>(
    sql`select quote_ident(table_schema) || '.' || quote_ident(table_name) as name
        from information_schema.tables
        where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
  );
  const result: Record<string, string[]> = {};
  for (const { name } of tables) {
    const { rows } = await db.execute<{ r: string }>(
      sql.raw(`select row_to_json(t)::text as r from ${name} t order by 1`),
    );
    result[name] = rows.map((r) => r.r);
  }
  return result;
}

/** Key → sha256 and content type of every file of a store. */
export async function storeDigest(store: TFileStore) {
  const digest: Record<string, string> = {};
  for await (const { key } of store.list()) {
    const found = await store.read(key);
    if (!found) continue;
    const chunks: Buffer[] = [];
    for await (const chunk of found.body) chunks.push(chunk as Buffer);
    digest[key] = `${sha256(Buffer.concat(chunks))} ${found.contentType}`;
  }
  return digest;
}

/** Signs in with a password through the API: the access token. */
export async function signIn(app: TApp, email: string, password: string) {
  const res = await app.inject({
    method: 'POST',
    url: '/api/manager/signin/email',
    payload: { email, password },
  });
  if (res.statusCode !== 200) throw new Error(`sign-in ${res.statusCode}: ${res.body}`);
  return res.json().data['access-token'] as string;
}

/** The applicant's video as the employer's browser plays it: the signed URL of GET /api/job/candidate/:id. */
export async function playApplicantVideo(
  app: TApp,
  member: { token: string; companyId: string },
  applicationId: string,
) {
  const res = await app.inject({
    url: `/api/job/candidate/${applicationId}`,
    headers: { ...bearer(member.token), 'x-company-id': member.companyId },
  });
  if (res.statusCode !== 200) throw new Error(`applicant ${res.statusCode}: ${res.body}`);
  const url = new URL(res.json().data._profile._introduction.data.videoUrl as string);
  // The local store's URLs are the API's own; S3's point at the bucket.
  if (url.pathname.startsWith('/api/storage/')) {
    const file = await app.inject({ url: `${url.pathname}${url.search}` });
    return { status: file.statusCode, bytes: file.rawPayload };
  }
  const file = await fetch(url);
  return { status: file.status, bytes: Buffer.from(await file.arrayBuffer()) };
}
