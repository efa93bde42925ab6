import { randomBytes, randomUUID } from 'node:crypto';
import { copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, migrationsFolder, type TDbHandle } from '@hirecast/db/client';
import { hashPassword } from '@hirecast/db/password';
import { createTestDatabase } from '@hirecast/db/test-database';
import { seedPlanCatalogue } from '@hirecast/db/plan-catalogue';
import { loadConfig } from '../../src/config.ts';
import { resolveAppSecret } from '../../src/lib/app-secret.ts';
import { createLocalDiskStorage } from '../../src/lib/storage/local-disk.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';
import { pdfBytes, PDF } from '../support/apply-support.ts';
import { signIn, webmBytes } from '../support/backup-support.ts';
import { bearer, buildTestApp } from '../support/helper.ts';
import { freshDatabase } from '../support/multi-process-support.ts';
import { testConfig } from '../support/test-config.ts';

// Issue 24 item 8: an installation of the release of 2026-11-22 (migrations 0000 to 0009, the signing secret
// in DATA_DIR, every company on the built-in limit of 5 live jobs), populated as that release left it, then
// today's migrations and start-up: the same rows, the same files through the API, old passwords, sessions,
// signed links and candidates' private links still working. PostgreSQL when DATABASE_URL is set (CI), else
// the embedded database in a data folder.
const RELEASE_MIGRATIONS = 10;
const baseUrl = testConfig.databaseUrl;

/** The migration files of the release: the first ones of today's folder, with the journal cut to them. */
function releaseMigrations() {
  const folder = mkdtempSync(join(tmpdir(), 'hirecast-release-migrations-'));
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8')) as {
    entries: { tag: string }[];
  };
  const entries = journal.entries.slice(0, RELEASE_MIGRATIONS);
  mkdirSync(join(folder, 'meta'));
  writeFileSync(join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries }));
  for (const { tag } of entries)
    copyFileSync(join(migrationsFolder, `${tag}.sql`), join(folder, `${tag}.sql`));
  return { folder, tags: entries.map((e) => e.tag) };
}

/** Every row of the release's tables, in the columns the release had. */
async function releaseRows(db: TDbHandle['db'], columns: Map<string, string[]>) {
  const result: Record<string, string[]> = {};
  for (const [table, cols] of columns) {
    const list = cols.map((c) => `"${c}"`).join(', ');
    const { rows } = await db.execute<{ r: string }>(
      sql.raw(`select row_to_json(t)::text as r from (select ${list} from "${table}") t order by 1`),
    );
    result[table] = rows.map((r) => r.r);
  }
  return result;
}

async function releaseColumns(db: TDbHandle['db']) {
  const { rows } = await db.execute<{ t: string; c: string }>(
    sql`select table_name as t, column_name as c from information_schema.columns
        where table_schema = 'public' order by table_name, ordinal_position`,
  );
  const columns = new Map<string, string[]>();
  for (const { t, c } of rows) columns.set(t, [...(columns.get(t) ?? []), c]);
  return columns;
}

const dataDir = mkdtempSync(join(tmpdir(), 'hirecast-upgrade-'));
const OLD_SECRET = randomBytes(32).toString('hex');
let database: TDbHandle;
let drop = async () => {};

beforeAll(async () => {
  if (baseUrl) {
    const fresh = await freshDatabase(baseUrl);
    drop = fresh.drop;
    database = await createDb({ databaseUrl: fresh.url });
  } else {
    database = await createDb({ dataDir: join(dataDir, 'db') });
  }
});
afterAll(async () => {
  await database?.close();
  await drop();
});

describe('an upgrade from the release of 2026-11-22', () => {
  it(
    'keeps rows, files, passwords, sessions, signed and private links, and the old job limit',
    {
      timeout: 300_000,
    },
    async () => {
      const release = releaseMigrations();
      expect(release.tags.at(-1)).toBe('0009_jobs_live_by_default');
      expect(await database.migrate(release.folder)).toEqual(release.tags);
      const db = database.db;

      // The release's installation: its secret in DATA_DIR, its files in the local store.
      writeFileSync(join(dataDir, 'app-secret'), OLD_SECRET, { mode: 0o600 });
      const oldStorage = createLocalDiskStorage({
        root: join(dataDir, 'storage'),
        secret: OLD_SECRET,
        publicUrl: 'http://localhost:3000',
      });
      const user = { id: randomUUID(), email: `old-admin-${randomBytes(3).toString('hex')}@acme-test.com` };
      const company = randomUUID();
      const session = newToken();
      const manage = newToken();
      const video = webmBytes();
      const cv = pdfBytes(32 * 1024);
      const videoKey = `uploads/${company}/${randomUUID()}.webm`;
      const cvKey = `uploads/${company}/${randomUUID()}.pdf`;
      await oldStorage.put({ key: videoKey, body: video, contentType: 'video/webm' });
      await oldStorage.put({ key: cvKey, body: cv, contentType: PDF });
      const signedBefore = await oldStorage.signGet({ key: cvKey, expiresIn: 3600 });
      const asset = randomUUID();
      const application = randomUUID();
      const jobIds = [randomUUID(), randomUUID(), randomUUID()];
      await db.execute(sql`insert into users (id, email, first_name, last_name, password_hash, email_verified_at)
      values (${user.id}, ${user.email}, 'Olga', 'Old', ${await hashPassword('old-password-1')}, now())`);
      await db.execute(sql`insert into sessions (user_id, token_hash, expires_at)
      values (${user.id}, ${hashToken(session)}, now() + interval '10 days')`);
      await db.execute(sql`insert into companies (id, name, slug, industry, description, location, created_by)
      values (${company}, 'Old Roasters', ${`old-roasters-${company.slice(0, 6)}`}, 'Food', 'Coffee since 2020.',
        '{"city":"London","country":"United Kingdom"}', ${user.id})`);
      await db.execute(
        sql`insert into memberships (company_id, user_id, role) values (${company}, ${user.id}, 2)`,
      );
      for (const [i, id] of jobIds.entries())
        await db.execute(sql`insert into jobs (id, company_id, short_id, title, status, ai_settings, created_by)
        values (${id}, ${company}, ${`OldJob0${i}`}, ${`Barista ${i}`}, 'open',
          '{"isScreening":false,"isShortlist":false,"score":4,"isAutoShortlist":false,"isAutoRejection":false,"isDisableApplicantFeedbackDialog":true}',
          ${user.id})`);
      await db.execute(sql`insert into video_assets (id, company_id, title, file_name, original_key, exclude, data)
      values (${asset}, ${company}, 'Recording', 'recording.webm', ${videoKey}, true,
        ${JSON.stringify({ videoUrl: videoKey })})`);
      await db.execute(sql`insert into applications
        (id, job_id, company_id, first_name, last_name, email, manage_token_hash, cv_key, cv_file_name,
         video_asset_id, video_question)
      values (${application}, ${jobIds[0]}, ${company}, 'Carla', 'Candidate', 'carla@example-test.com',
        ${hashToken(manage)}, ${cvKey}, 'carla.pdf', ${asset}, 'Why us?')`);
      await db.execute(sql`insert into application_notes (application_id, author_id, text)
      values (${application}, ${user.id}, 'Great answer')`);
      await db.execute(sql`insert into company_letters (company_id, kind, subject, text)
      values (${company}, 'rejection', 'Thank you', 'We went another way.')`);
      const columns = await releaseColumns(db);
      const before = await releaseRows(db, columns);
      const filesBefore = readdirSync(join(dataDir, 'storage'), { recursive: true }).sort();

      // Today's release starts: it names the migrations it applies, then serves as main.ts does.
      const applied = await database.migrate();
      expect(applied[0]).toBe('0010_shared_process_state');
      expect(applied).toContain('0017_legacy_plans');
      expect(await database.migrate()).toEqual([]);
      await seedPlanCatalogue(db);
      // No APP_SECRET: the secret comes from the database (PostgreSQL) or DATA_DIR (embedded), as in production.
      const { app } = await buildTestApp(
        database,
        {
          DATA_DIR: dataDir,
          APP_SECRET: '',
          RATE_LIMIT_DISABLED: 'true',
          LOG_LEVEL: 'error',
        },
        { logStream: { write: (l: string) => console.log(l.slice(0, 3000)) } },
      );
      try {
        expect(await releaseRows(db, columns)).toEqual(before);
        expect(readdirSync(join(dataDir, 'storage'), { recursive: true }).sort()).toEqual(filesBefore);

        const as = (token: string) => ({ ...bearer(token), 'x-company-id': company });
        // The old session, and the old password.
        expect((await app.inject({ url: '/api/manager/me', headers: bearer(session) })).statusCode).toBe(200);
        const token = await signIn(app, user.email, 'old-password-1');
        const jobs = await app.inject({ url: '/api/job', headers: as(token) });
        expect(jobs.statusCode, jobs.body).toBe(200);
        expect(JSON.stringify(jobs.json().data)).toContain('Barista 2');

        // The applicant with the video and CV: the same bytes through the URLs the API signs now.
        const read = await app.inject({ url: `/api/job/candidate/${application}`, headers: as(token) });
        expect(read.statusCode, read.body).toBe(200);
        const profile = read.json().data._profile;
        const fetchSigned = async (url: string) => {
          const target = new URL(url);
          return app.inject({ url: `${target.pathname}${target.search}` });
        };
        const played = await fetchSigned(profile._introduction.data.videoUrl as string);
        expect(played.statusCode).toBe(200);
        expect(Buffer.compare(played.rawPayload, video)).toBe(0);
        const opened = await fetchSigned(profile.personalInfo.cvUrl as string);
        expect(Buffer.compare(opened.rawPayload, cv)).toBe(0);
        // A link signed by the release (an email sent the day before) still opens: its secret was carried over.
        const early = await fetchSigned(signedBefore);
        expect(early.statusCode).toBe(200);
        expect(Buffer.compare(early.rawPayload, cv)).toBe(0);
        // The candidate's private link.
        const own = await app.inject({ url: `/api/public/application/${manage}` });
        expect(own.statusCode, own.body).toBe(200);

        // Decision 025: the company keeps the release's 5 live jobs until an admin picks a plan, and is told so.
        const billing = await app.inject({ url: '/api/billing/subscription', headers: as(token) });
        expect(billing.json().data).toMatchObject({ plan: { activeJobLimit: 5 }, legacyPlan: true });
      } finally {
        await app.close();
      }
    },
  );

  it(
    'carries the secret of DATA_DIR into a database that has none, and keeps the database one after',
    {
      timeout: 120_000,
    },
    async () => {
      const handle = await createTestDatabase(baseUrl);
      try {
        const machine = (secret: string) => {
          const dir = mkdtempSync(join(tmpdir(), 'hirecast-secret-'));
          writeFileSync(join(dir, 'app-secret'), secret);
          // On PostgreSQL the configuration leaves the secret to the database (resolveAppSecret).
          return loadConfig({ DATA_DIR: dir, DATABASE_URL: 'postgres://db.invalid/hirecast' });
        };
        const first = machine('c'.repeat(64));
        expect(first.secret).toBe('');
        await resolveAppSecret(first, handle.db);
        expect(first.secret).toBe('c'.repeat(64));
        // A second machine with another DATA_DIR secret signs with the one every process already uses.
        const second = machine('d'.repeat(64));
        await resolveAppSecret(second, handle.db);
        expect(second.secret).toBe('c'.repeat(64));
      } finally {
        await handle.close();
      }
    },
  );
});
