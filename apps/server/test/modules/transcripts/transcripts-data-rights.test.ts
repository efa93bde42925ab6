import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applications, privacyAuditEvents, transcripts } from '@hirecast/db/schema';
import { SUMMARY_LABEL } from '@hirecast/domain/transcript';
import { buildExport } from '../../../src/modules/privacy/export.ts';
import { callAs } from '../../support/applicants-support.ts';
import { answeredVideo, line } from '../../support/answers-support.ts';
import { openJob } from '../../support/apply-support.ts';
import { createTestApp } from '../../support/helper.ts';
import { candidate, downloadFromEmail } from '../../support/privacy-support.ts';

// Issue 34 item 6: transcripts, captions and summaries are the candidate's data: in their export and the admin's,
// removed when the application is anonymised or deleted, and every member's reading of them audited.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t?.close());

const SAID = 'I ran the espresso bar at Hopper Roasters for three years.';

/** A candidate who applied with a video introduction and answered one interview question, both transcribed. */
async function transcribedCandidate(
  setup: Awaited<ReturnType<typeof openJob>>,
  name: { firstName: string; lastName: string },
) {
  const who = await candidate(t.app, t.db, setup.job, name);
  const [row] = await t.db.select().from(applications).where(eq(applications.id, who.id));
  await t.db.insert(transcripts).values({
    assetId: row!.videoAssetId!,
    companyId: setup.company.id,
    status: 'done',
    language: 'en',
    model: 'whisper-test',
    segments: [line(0, 2.5, `Hello, I am ${name.firstName}.`)],
  });
  const answer = await answeredVideo(t.db, setup.job, {
    applicationId: who.id,
    prompt: 'Why this café?',
    segments: [line(0.5, 4, SAID), line(4, 6, 'And I love people.')],
  });
  await t.db
    .update(transcripts)
    .set({
      summary: { points: [{ text: 'Ran an espresso bar', quote: 'I ran the espresso bar', start: 0.5 }] },
      summaryModel: 'gpt-test',
    })
    .where(eq(transcripts.assetId, answer.assetId));
  return { ...who, introAssetId: row!.videoAssetId!, answer };
}

describe('transcripts under the data rights', () => {
  it("are in the candidate's export and the admin's, with captions and the labelled summary", async () => {
    const setup = await openJob(t.db);
    const admin = { token: setup.adminToken, companyId: setup.company.id };
    const grace = await transcribedCandidate(setup, { firstName: 'Grace', lastName: 'Hopper' });
    await transcribedCandidate(setup, { firstName: 'Alan', lastName: 'Turing' });

    const mine = await t.app.inject({ method: 'POST', url: `/api/public/application/${grace.token}/export` });
    expect(mine.statusCode).toBe(202);
    await buildExport(t.app.ctx, mine.json().data.exportId);
    const own = JSON.parse(
      (await downloadFromEmail(t.app, t.db, grace.email)).zip.get('data.json')!.toString(),
    );
    const held = own.applications[0].transcripts;
    expect(held).toEqual([
      expect.objectContaining({
        video: 'introduction',
        language: 'en',
        segments: [{ start: 0, end: 2.5, text: 'Hello, I am Grace.' }],
        summary: null,
      }),
      expect.objectContaining({
        video: 'answer',
        question: 'Why this café?',
        segments: [
          { start: 0.5, end: 4, text: SAID },
          { start: 4, end: 6, text: 'And I love people.' },
        ],
        summary: expect.objectContaining({
          label: SUMMARY_LABEL,
          points: [{ text: 'Ran an espresso bar', quote: 'I ran the espresso bar', start: 0.5 }],
        }),
      }),
    ]);
    expect(held[1].captions).toMatch(/^WEBVTT/);
    expect(held[1].captions).toContain('00:00:00.500 -->');
    expect(JSON.stringify(own)).not.toContain('Hello, I am Alan');

    const asked = await callAs(t.app, admin, {
      method: 'POST',
      url: '/api/privacy/applications/export',
      payload: { applicationIds: [grace.id] },
    });
    expect(asked.statusCode).toBe(202);
    await buildExport(t.app.ctx, asked.json().data.exportId);
    const theirs = (await downloadFromEmail(t.app, t.db, setup.instantAdmin.email)).zip.get('data.json')!;
    expect(JSON.parse(theirs.toString()).applications[0].transcripts).toHaveLength(2);
  });

  it("anonymising an application leaves none of its transcripts' words; deleting one neither", async () => {
    const setup = await openJob(t.db);
    const admin = { token: setup.adminToken, companyId: setup.company.id };
    const grace = await transcribedCandidate(setup, { firstName: 'Grace', lastName: 'Hopper' });
    const alan = await transcribedCandidate(setup, { firstName: 'Alan', lastName: 'Turing' });
    const ada = await transcribedCandidate(setup, { firstName: 'Ada', lastName: 'Lovelace' });
    const assetsOf = (c: typeof grace) => [c.introAssetId, c.answer.assetId];
    const left = async (c: typeof grace) =>
      t.db
        .select()
        .from(transcripts)
        .where(inArray(transcripts.assetId, assetsOf(c)));
    expect(await left(grace)).toHaveLength(2);

    for (const [who, mode] of [
      [grace, 'anonymise'],
      [ada, 'delete'],
    ] as const) {
      const erased = await callAs(t.app, admin, {
        method: 'POST',
        url: '/api/privacy/applications/erase',
        payload: { applicationIds: [who.id], mode },
      });
      expect(erased.json().data).toEqual({ erased: 1, held: 0, missing: 0 });
      expect(await left(who)).toEqual([]);
    }
    // No transcript of the company holds their words any more; the other candidate's are untouched.
    const all = await t.db.select().from(transcripts).where(eq(transcripts.companyId, setup.company.id));
    expect(JSON.stringify(all)).not.toContain('Grace');
    expect(JSON.stringify(all)).not.toContain('Ada');
    expect(all).toHaveLength(2);
    expect(await left(alan)).toHaveLength(2);
    const searched = await callAs(t.app, admin, {
      url: `/api/job/${setup.job.id}/transcripts/search?q=espresso`,
    });
    expect(searched.json().data.hits.map((h: { applicationId: string }) => h.applicationId)).toEqual([
      alan.id,
    ]);
  });

  it("records a member's reading of a candidate's transcript and captions, once per window", async () => {
    const setup = await openJob(t.db);
    const admin = { token: setup.adminToken, companyId: setup.company.id };
    const grace = await transcribedCandidate(setup, { firstName: 'Grace', lastName: 'Hopper' });
    const events = () =>
      t.db
        .select()
        .from(privacyAuditEvents)
        .where(
          and(
            eq(privacyAuditEvents.applicationId, grace.id),
            eq(privacyAuditEvents.action, 'transcript_view'),
          ),
        );
    expect(await events()).toEqual([]);
    const read = await callAs(t.app, admin, { url: `/api/asset/${grace.answer.assetId}/transcript` });
    expect(read.statusCode).toBe(200);
    expect(read.json().data.summary.points).toHaveLength(1);
    const [event] = await events();
    expect(event).toMatchObject({
      action: 'transcript_view',
      actorId: setup.instantAdmin.id,
      subjectName: 'Grace Hopper',
      details: { assetId: grace.answer.assetId },
    });
    // The page reads it again (focus, captions): the same reading.
    expect(
      (await callAs(t.app, admin, { url: `/api/asset/${grace.answer.assetId}/captions.vtt` })).statusCode,
    ).toBe(200);
    await callAs(t.app, admin, { url: `/api/asset/${grace.introAssetId}/transcript` });
    expect(await events()).toHaveLength(1);
    // It is listed in the applicant's audit with its label.
    const audit = await callAs(t.app, admin, { url: `/api/privacy/application/${grace.id}/audit` });
    expect(audit.statusCode).toBe(200);
    expect(JSON.stringify(audit.json())).toContain('transcript_view');
  });
});
