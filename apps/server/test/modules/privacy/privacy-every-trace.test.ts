import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { candidateUploads, interviewSessions, outboxEmails } from '@hirecast/db/schema';
import { buildExport } from '../../../src/modules/privacy/export.ts';
import { sendInterviewReminders } from '../../../src/modules/interviews/index.ts';
import { sweepUnattachedUploads } from '../../../src/modules/applications/index.ts';
import { createTestApp } from '../../support/helper.ts';
import { PDF, putSignedFile } from '../../support/apply-support.ts';
import { downloadFromEmail } from '../../support/privacy-support.ts';
import { asCandidate, asMember, putInterview } from '../../support/interview-support.ts';
import {
  answerInterview,
  applyWithEverything,
  FOUR_QUESTIONS,
  pdfNaming,
  recordVideoAnswer,
  teamWithJob,
} from '../../support/review-support.ts';
import { makeClip } from '../../support/video-pipeline-support.ts';
import { registerJobHandlers } from '../../../src/composition/job-handlers.ts';

// Issue 33 item 4, "Erased means every trace": an application that used every feature (a video introduction,
// a CV picked twice, an interview with all four answer types and its letters, notes, ratings, a review link,
// an export, a message to the team) is erased, and then the person's name and email are in no text column of
// any table (every schema but PostgreSQL's own), in no outbox row, and in no file under the storage folder; no
// file the application brought is left. Each way of erasing is run: the privacy erasure (delete and anonymise)
// and the team's delete.

let t: Awaited<ReturnType<typeof createTestApp>>;
let clip: Uint8Array;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  clip = makeClip({ width: 64, height: 48, seconds: 2, audio: false });
});
afterAll(() => t.close());

type TColumn = { schema: string; table: string; column: string };

/** Every text-like column (text, varchar, char, json, jsonb, arrays) of every table outside PostgreSQL's own. */
async function textColumns(): Promise<TColumn[]> {
  const rows = await t.db.execute<{ schema: string; table: string; column: string }>(sql`
    select c.table_schema as schema, c.table_name as table, c.column_name as column
    from information_schema.columns c
    join information_schema.tables tb on tb.table_schema = c.table_schema and tb.table_name = c.table_name
    where tb.table_type = 'BASE TABLE'
      and c.table_schema not in ('pg_catalog', 'information_schema')
      and (c.data_type in ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY', 'USER-DEFINED'))
    order by 1, 2, 3`);
  return rows.rows;
}

/** The columns (schema.table.column) where any of `needles` occurs, case-insensitively. */
async function findInDatabase(needles: string[]): Promise<{ searched: string[]; found: string[] }> {
  const columns = await textColumns();
  const patterns = needles.map((n) => `%${n.replace(/[\\%_]/g, '\\$&')}%`);
  const found: string[] = [];
  for (const c of columns) {
    const ident = sql.raw(`"${c.schema}"."${c.table}"`);
    const col = sql.raw(`"${c.column}"`);
    const [hit] = (
      await t.db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${ident} where ${col}::text ilike any(array[${sql.join(
          patterns.map((p) => sql`${p}`),
          sql`, `,
        )}])`,
      )
    ).rows;
    if (hit && hit.n > 0) found.push(`${c.schema}.${c.table}.${c.column}`);
  }
  return { searched: columns.map((c) => `${c.schema}.${c.table}.${c.column}`), found };
}

/** Every file under the storage folder (hidden folders too), and those whose bytes carry one of `needles`. */
async function findInStorage(needles: string[]) {
  const root = t.app.ctx.config.storage.localDir;
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  const files = entries.filter((e) => e.isFile()).map((e) => join(e.parentPath, e.name));
  const found: string[] = [];
  for (const file of files) {
    const bytes = (await readFile(file)).toString('latin1').toLowerCase();
    if (needles.some((n) => bytes.includes(n.toLowerCase()))) found.push(relative(root, file));
  }
  return { files: files.map((f) => relative(root, f)), found };
}

/** A candidate who used every feature; answers what erasing must take away. */
async function everyFeature(person: { firstName: string; lastName: string; email: string }) {
  const team = await teamWithJob(t.db);
  expect((await putInterview(t.app, team.admin, team.job.id, FOUR_QUESTIONS)).statusCode).toBe(200);
  const { id, cvKeys } = await applyWithEverything(t.app, team, person, `visit-${randomUUID()}`);
  const interview = await answerInterview(t.app, t.db, team, {
    applicationId: id,
    person,
    recordVideo: recordVideoAnswer(t.app, clip),
  });
  // A file uploaded for the interview and never attached belongs to the application too.
  const unattached = interview.unattachedKey;
  // The reminder letter (a day before the deadline).
  const [session] = await t.db
    .select()
    .from(interviewSessions)
    .where(eq(interviewSessions.applicationId, id));
  const reminded = await sendInterviewReminders(
    t.app.ctx,
    new Date(session!.deadline!.getTime() - 24 * 3600_000),
  );
  expect(reminded.sent).toBe(1);
  // The candidate writes to the team (an email naming them), then completes.
  expect(
    (
      await asCandidate(t.app, 'POST', `${interview.token}/contact`, {
        message: `This is ${person.firstName} ${person.lastName}, can I have a day more?`,
      })
    ).statusCode,
  ).toBe(200);
  expect((await asCandidate(t.app, 'POST', `${interview.token}/complete`)).statusCode).toBe(200);
  // Notes, a rating with a comment, a review link, an export.
  const note = await asMember(t.app, team.admin, 'POST', `/api/job/${team.job.id}/application/${id}/note`, {
    text: `${person.firstName} was lovely; write to ${person.email}`,
  });
  expect(note.statusCode).toBe(201);
  const seen = (await asMember(t.app, team.admin, 'GET', interview.base)).json().data;
  const rated = await asMember(
    t.app,
    team.viewer,
    'PUT',
    `${interview.base}/answers/${seen.questions[1].answer._id}/rating`,
    {
      stars: 4,
      comment: `${person.firstName} knows coffee`,
    },
  );
  expect(rated.statusCode).toBe(200);
  expect(
    (await asMember(t.app, team.admin, 'POST', `${interview.base}/shares`, { days: 2 })).statusCode,
  ).toBe(201);
  const asked = await asMember(t.app, team.admin, 'POST', '/api/privacy/applications/export', {
    applicationIds: [id],
  });
  expect(asked.statusCode).toBe(202);
  await buildExport(t.app.ctx, asked.json().data.exportId);
  // The export holds the interview letters and the CV replaced before sending.
  const { zip } = await downloadFromEmail(t.app, t.db, team.admin.user.email);
  const [held] = JSON.parse(zip.get('data.json')!.toString('utf8')).applications;
  expect(held.emails.map((e: { subject: string }) => e.subject)).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^Your interview for /),
      expect.stringMatching(/^Reminder: your interview for /),
    ]),
  );
  expect(zip.get('application-1/uploads/other-upload-1.pdf')?.toString('latin1')).toContain(
    `${person.firstName} draft`,
  );
  const uploads = await t.db.select().from(candidateUploads).where(eq(candidateUploads.applicationId, id));
  // Both CVs, the answer file and the unsent one belong to the application.
  expect(uploads.map((u) => u.key).sort()).toEqual([...cvKeys, interview.fileKey, unattached].sort());
  return { team, id };
}

const erasures = {
  'the privacy erasure (delete)': (team: Awaited<ReturnType<typeof teamWithJob>>, id: string) =>
    asMember(t.app, team.admin, 'POST', '/api/privacy/applications/erase', {
      applicationIds: [id],
      mode: 'delete',
    }),
  'the privacy erasure (anonymise)': (team: Awaited<ReturnType<typeof teamWithJob>>, id: string) =>
    asMember(t.app, team.admin, 'POST', '/api/privacy/applications/erase', {
      applicationIds: [id],
      mode: 'anonymise',
    }),
  "the team's delete": (team: Awaited<ReturnType<typeof teamWithJob>>, id: string) =>
    asMember(t.app, team.admin, 'DELETE', `/api/job/${team.job.id}/application/${id}`),
};

describe('erasing an application that used every feature', () => {
  for (const [way, erase] of Object.entries(erasures)) {
    it(`leaves no trace of the person: ${way}`, async () => {
      const tag = way.replace(/\W+/g, '').slice(-8);
      const person = {
        firstName: 'Zelda',
        lastName: `Quintanilla${tag}`,
        email: `zelda.quintanilla.${tag.toLowerCase()}@example-test.com`,
      };
      const needles = [person.lastName, person.email];
      const filesBefore = new Set((await findInStorage([])).files);
      const { team, id } = await everyFeature(person);

      // The searches find the person while they are there (so they would find a trace left behind).
      const before = await findInDatabase(needles);
      for (const where of [
        'public.applications.last_name',
        'public.outbox_emails.text',
        'public.application_notes.text',
        'public.interview_answers.file_name',
        'public.video_assets.title',
      ])
        expect(before.found).toContain(where);
      expect((await findInStorage(needles)).found.length).toBeGreaterThanOrEqual(4);
      const letters = await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, person.email));
      // The confirmation, the interview invitation and its reminder, each with its application.
      expect(letters.length).toBeGreaterThanOrEqual(3);
      expect(letters.filter((l) => l.applicationId !== id)).toEqual([]);

      const erased = await erase(team, id);
      expect(erased.statusCode, erased.body).toBe(200);

      const after = await findInDatabase(needles);
      const storage = await findInStorage(needles);
      const leftFiles = storage.files.filter((f) => !filesBefore.has(f));
      console.info(
        `${way}: searched ${after.searched.length} text columns of every table (${after.searched.join(', ')}) ` +
          `and ${storage.files.length} files under the storage folder for ${needles.join(' and ')}`,
      );
      expect(after.searched).toEqual(
        expect.arrayContaining([
          'public.applications.email',
          'public.outbox_emails.text',
          'public.outbox_emails.html',
          'public.outbox_emails.to',
          'public.application_history.details',
          'public.application_notes.text',
          'public.interview_answers.text',
          'public.interview_ratings.comment',
          'public.video_assets.title',
          'public.privacy_audit_events.details',
          'public.data_exports.deliver_to',
          'public.candidate_uploads.key',
        ]),
      );
      expect(after.found).toEqual([]);
      expect(await t.db.select().from(outboxEmails).where(eq(outboxEmails.to, person.email))).toEqual([]);
      expect(storage.found).toEqual([]);
      expect(leftFiles).toEqual([]);
    });
  }

  it('an upload no application holds is swept after a day, not before', async () => {
    const team = await teamWithJob(t.db);
    const path = `/api/public/signed-url?${new URLSearchParams({ 'content-type': PDF, job: team.job.shortId, session: 'left-the-form' })}`;
    const key = await putSignedFile(t.app, path, pdfNaming('never sent'));
    const stored = () => t.app.ctx.storage.head(key);
    expect(await sweepUnattachedUploads(t.app.ctx, new Date(Date.now() + 23 * 3600_000))).toEqual({
      removed: 0,
    });
    expect(await stored()).not.toBeNull();
    const swept = await sweepUnattachedUploads(t.app.ctx, new Date(Date.now() + 25 * 3600_000));
    expect(swept.removed).toBeGreaterThanOrEqual(1);
    expect(await stored()).toBeNull();
    expect(await t.db.select().from(candidateUploads).where(eq(candidateUploads.key, key))).toEqual([]);
    await registerJobHandlers(t.app.ctx);
    const schedules = await t.db.execute(
      sql`select name, cron from pgboss.schedule where name = 'uploads.sweep'`,
    );
    expect(schedules.rows).toEqual([{ name: 'uploads.sweep', cron: '40 * * * *' }]);
  });
});
