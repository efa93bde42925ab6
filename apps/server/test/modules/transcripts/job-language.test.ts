import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { transcripts } from '@hirecast/db/schema';
import { requestTranscription } from '../../../src/modules/transcripts/index.ts';
import { callAs, hiringTeam } from '../../support/applicants-support.ts';
import { answeredVideo } from '../../support/answers-support.ts';
import { createTestApp } from '../../support/helper.ts';

// Issue 34: a job says which language its candidates speak (optional, ISO 639-1); its candidates' videos are sent
// to the transcription engine with it as the hint.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  // An engine address is enough: the job is only queued here (transcripts.test.ts runs it against an engine).
  t = await createTestApp({ TRANSCRIBE_BASE_URL: 'http://127.0.0.1:9/v1' });
});
afterAll(() => t?.close());

describe("a job's language", () => {
  it('is set, read and cleared in the job, and only from the list', async () => {
    const team = await hiringTeam(t.db);
    const patch = (payload: unknown) =>
      callAs(t.app, team.admin, { method: 'PATCH', url: `/api/job/${team.job.id}`, payload });
    const set = await patch({ language: 'de' });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().data.language).toBe('de');
    const read = await callAs(t.app, team.viewer, { url: `/api/job/${team.job.id}` });
    expect(read.json().data.language).toBe('de');
    const bad = await patch({ language: 'klingon' });
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Choose a language from the list');
    expect((await callAs(t.app, team.admin, { url: `/api/job/${team.job.id}` })).json().data.language).toBe(
      'de',
    );
    const cleared = await patch({ language: null });
    expect(cleared.json().data.language).toBeNull();
  });

  it("is the hint the candidates' answers are queued with", async () => {
    const team = await hiringTeam(t.db);
    await callAs(t.app, team.admin, {
      method: 'PATCH',
      url: `/api/job/${team.job.id}`,
      payload: { language: 'fr' },
    });
    const answer = await answeredVideo(t.db, team.job, { segments: [] });
    await t.db.delete(transcripts).where(eq(transcripts.assetId, answer.assetId));
    expect(await requestTranscription(t.app.ctx, answer.assetId)).toBe(true);
    const [row] = await t.db.select().from(transcripts).where(eq(transcripts.assetId, answer.assetId));
    expect(row).toMatchObject({ status: 'queued', language: 'fr' });
  });
});
