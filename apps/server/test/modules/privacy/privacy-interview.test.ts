import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { interviewAnswers, interviewSessions } from '@hirecast/db/schema';
import { buildExport } from '../../../src/modules/privacy/export.ts';
import { createTestApp } from '../../support/helper.ts';
import { openJob } from '../../support/apply-support.ts';
import { asCandidate, asMember, interviewTokenFor, threeQuestions } from '../../support/interview-support.ts';
import { candidate, downloadFromEmail } from '../../support/privacy-support.ts';

// Issue 26 × issue 25: a candidate's interview answers are part of what Hirecast holds about them: the data
// export carries them, and an erasure removes them and ends the interview's private link.

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

describe('interview answers under the data rights', () => {
  it('are in the export, and anonymising removes them and closes the link', async () => {
    const { job, company, adminToken, instantAdmin } = await openJob(t.db);
    const admin = { token: adminToken, companyId: company.id };
    const grace = await candidate(t.app, t.db, job, { firstName: 'Grace', lastName: 'Hopper' });
    const alan = await candidate(t.app, t.db, job, { firstName: 'Alan', lastName: 'Turing' });
    expect(
      (await asMember(t.app, admin, 'PUT', `/api/job/${job.id}/interview`, threeQuestions())).statusCode,
    ).toBe(200);
    const answers: Record<string, string> = {};
    for (const [c, text] of [
      [grace, 'Grace loves a busy morning shift.'],
      [alan, 'Alan prefers the quiet afternoons.'],
    ] as const) {
      const invited = await asMember(
        t.app,
        admin,
        'POST',
        `/api/job/${job.id}/application/${c.id}/interview/invite`,
        { days: 7 },
      );
      expect(invited.statusCode, invited.body).toBe(201);
      const token = await interviewTokenFor(t.db, c.email);
      const state = (await asCandidate(t.app, 'GET', token)).json().data;
      const textQuestion = state.questions[1]._id as string;
      expect((await asCandidate(t.app, 'POST', `${token}/questions/${textQuestion}/start`)).statusCode).toBe(
        200,
      );
      const answered = await asCandidate(t.app, 'POST', `${token}/questions/${textQuestion}/answer`, {
        text,
      });
      expect(answered.statusCode, answered.body).toBe(200);
      answers[c.id] = token;
    }

    const asked = await asMember(t.app, admin, 'POST', '/api/privacy/applications/export', {
      applicationIds: [grace.id],
    });
    expect(asked.statusCode).toBe(202);
    await buildExport(t.app.ctx, asked.json().data.exportId);
    const { zip } = await downloadFromEmail(t.app, t.db, instantAdmin.email);
    const data = JSON.parse(zip.get('data.json')!.toString('utf8'));
    expect(data.applications[0].interview.answers).toEqual([
      expect.objectContaining({
        question: 'Why this café?',
        answerType: 'text',
        status: 'answered',
        text: 'Grace loves a busy morning shift.',
      }),
    ]);
    expect(zip.get('data.json')!.toString('utf8')).not.toContain('Alan prefers');

    const erased = await asMember(t.app, admin, 'POST', '/api/privacy/applications/erase', {
      applicationIds: [grace.id],
      mode: 'anonymise',
    });
    expect(erased.json().data).toEqual({ erased: 1, held: 0, missing: 0 });
    const [graceSession] = await t.db
      .select()
      .from(interviewSessions)
      .where(eq(interviewSessions.applicationId, grace.id));
    expect(graceSession).toBeDefined();
    expect(
      await t.db.select().from(interviewAnswers).where(eq(interviewAnswers.sessionId, graceSession!.id)),
    ).toEqual([]);
    // The candidate's interview link no longer opens; the other candidate's answers are untouched.
    expect((await asCandidate(t.app, 'GET', answers[grace.id]!)).statusCode).toBe(404);
    const alanState = (await asCandidate(t.app, 'GET', answers[alan.id]!)).json().data;
    expect(alanState.questions[1].status).toBe('answered');
  });
});
