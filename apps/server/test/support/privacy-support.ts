import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import yauzl from 'yauzl';
import { applications, companySharingSettings, outboxEmails, videoAssets } from '@hirecast/db/schema';
import { addMember } from '@hirecast/db/factories';
import type { TDb } from '@hirecast/db/client';
import type { TApp } from '../../src/app.ts';
import type { TConfig } from '../../src/config.ts';
import { s3ClientConfig } from '../../src/lib/storage/s3.ts';
import { storedKeys } from '../../src/modules/assets/index.ts';
import { mp4Bytes } from './assets-support.ts';
import {
  apply,
  applyBody,
  manageToken,
  PDF,
  pdfBytes,
  signedUrl,
  putCandidateFile,
  uniqueEmail,
  uploadCandidateVideo,
} from './apply-support.ts';
import { signedInUser } from './sessions.ts';

// Shared by the privacy-*.test.ts files (issue 26): candidates who applied through the public API with a CV and a
// video, and what the storage (local disk or the S3 test server) holds afterwards.

/** A candidate of `job` with a CV and a video; answers the application, its token and its stored keys. */
export async function candidate(
  app: TApp,
  db: TDb,
  job: { shortId: string },
  details: { firstName?: string; lastName?: string; email?: string } = {},
) {
  const cvKey = await putCv(app, job.shortId);
  const { uploadId } = await uploadCandidateVideo(app, job.shortId, mp4Bytes(8192));
  const email = details.email ?? uniqueEmail();
  const res = await apply(
    app,
    job.shortId,
    applyBody({ ...details, email, cv: { key: cvKey, fileName: 'my cv.pdf' }, video: { uploadId } }),
  );
  if (res.statusCode !== 201) throw new Error(`apply ${res.statusCode}: ${res.body}`);
  const id = res.json().data.applicationId as string;
  const keys = await candidateKeys(db, id, cvKey);
  return { id, email, cvKey, token: await manageToken(db, email), keys };
}

/** The CV through a signed URL: the API's own (local disk) or the S3 server's, PUT as the browser does. */
async function putCv(app: TApp, shortId: string) {
  const signed = await signedUrl(app, shortId, PDF);
  const { url, key } = signed.json().data as { url: string; key: string };
  if (url.startsWith('http://localhost:3000/')) return putCandidateFile(app, shortId, pdfBytes(4096));
  const put = await fetch(url, { method: 'PUT', headers: { 'content-type': PDF }, body: pdfBytes(4096) });
  if (!put.ok) throw new Error(`PUT ${put.status}`);
  return key;
}

/** Every storage key of an application: the CV and each stored file of its video asset. */
export async function candidateKeys(db: TDb, applicationId: string, cvKey: string) {
  const [row] = await db
    .select({ asset: videoAssets })
    .from(applications)
    .innerJoin(videoAssets, eq(videoAssets.id, applications.videoAssetId))
    .where(eq(applications.id, applicationId));
  const asset = row?.asset;
  return [cvKey, ...(asset ? storedKeys(asset) : [])];
}

/** Every object the storage holds under uploads/ (local disk: the files beside their .meta sidecars). */
export async function listStorage(config: TConfig): Promise<string[]> {
  if (config.storage.driver === 's3') {
    const client = new S3Client(s3ClientConfig(config.storage.s3));
    const keys: string[] = [];
    let token: string | undefined;
    do {
      const page = await client.send(
        new ListObjectsV2Command({
          Bucket: config.storage.s3.bucket,
          Prefix: 'uploads/',
          ContinuationToken: token,
        }),
      );
      keys.push(...(page.Contents ?? []).map((o) => o.Key ?? ''));
      token = page.NextContinuationToken;
    } while (token);
    return keys.sort();
  }
  const root = config.storage.localDir;
  const files = await readdir(join(root, 'uploads'), { recursive: true, withFileTypes: true }).catch(
    () => [],
  );
  return files
    .filter((f) => f.isFile() && !f.name.endsWith('.meta'))
    .map((f) => relative(root, join(f.parentPath, f.name)))
    .sort();
}

export async function setTimeZone(db: TDb, companyId: string, timeZone: string) {
  await db
    .insert(companySharingSettings)
    .values({ companyId, timeZone })
    .onConflictDoUpdate({ target: companySharingSettings.companyId, set: { timeZone } });
}

export async function memberOf(
  db: TDb,
  companyId: string,
  role: 0 | 1 | 2,
  names: { firstName?: string; lastName?: string } = {},
) {
  const signed = await signedInUser(db, names);
  await addMember(db, { companyId, userId: signed.user.id, role });
  return { token: signed.token, companyId, user: signed.user };
}

/** Every entry of a ZIP: its name and bytes. */
export function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(bytes, { lazyEntries: true }, (err, zip) => {
      if (err) return reject(err);
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (e, stream) => {
          if (e) return reject(e);
          const chunks: Buffer[] = [];
          stream.on('data', (c: Buffer) => chunks.push(c));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.on('error', reject);
      zip.readEntry();
    });
  });
}

/** The download link in the newest "export is ready" email to `to`, followed to the ZIP's bytes. */
export async function downloadFromEmail(app: TApp, db: TDb, to: string) {
  const emails = await db.select().from(outboxEmails).where(eq(outboxEmails.to, to));
  // The candidate's own export, or an admin's (issue 33 item 10: "Data export of Grace Hopper is ready").
  const ready = emails.find(
    (e) => e.subject === 'Your data export is ready' || /^Data export of .+ is ready$/.test(e.subject),
  );
  const link = /: (http:\/\/localhost:3000(\/data-export\/([\w-]{43})))/.exec(ready?.text ?? '');
  expect(link).not.toBeNull();
  // Issue 33 item 7: the link opens the candidate site's page, whose button downloads the ZIP.
  const page = await app.inject({ method: 'GET', url: link![2]! });
  expect(page.statusCode).toBe(200);
  const download = `/api/public/data-export/${link![3]!}`;
  expect(page.body).toContain(`href="${download}"`);
  const redirect = await app.inject({ method: 'GET', url: download });
  expect(redirect.statusCode).toBe(302);
  const target = new URL(redirect.headers.location as string);
  const file = await app.inject({ method: 'GET', url: `${target.pathname}${target.search}` });
  expect(file.statusCode).toBe(200);
  return { path: link![2]!, download, page: page.body, email: ready!, zip: await unzip(file.rawPayload) };
}
