import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addMember, createJob } from '@hirecast/db/factories';
import { applicantMessages, ZMark, ZNote } from '@hirecast/domain/applicants';
import { createTestApp } from '../../support/helper.ts';
import {
  apply,
  applyBody,
  applicationRow,
  pdfBytes,
  putCandidateFile,
  storedFile,
} from '../../support/apply-support.ts';
import {
  callAs,
  createApplication,
  hiringTeam,
  outsider,
  type TMember,
} from '../../support/applicants-support.ts';
import { signedInUser } from '../../support/sessions.ts';

// spec 2 §3 Note and Mark, §5, §6 (only the author deletes a note), §7 notes, marks and DELETE of an application.
let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
  team = await hiringTeam(t.db);
});
afterAll(() => t.close());

const url = (id: string, suffix: string) => `/api/job/${team.job.id}/application/${id}${suffix}`;
const newApplicant = () => createApplication(t.db, team.job);

describe('notes', () => {
  const addNote = (member: TMember, id: string, payload: unknown) =>
    callAs(t.app, member, { method: 'POST', url: url(id, '/note'), payload });

  it('any role writes notes and feedback; noteCount follows; newest first', async () => {
    const a = await newApplicant();
    const first = await addNote(team.viewer, a.id, { text: '  Great energy  ' });
    expect(first.statusCode, first.body).toBe(201);
    expect(ZNote.parse(first.json().data)).toMatchObject({
      text: 'Great energy',
      isFeedback: false,
      _manager: { _id: team.viewer.user.id, firstName: 'Vic', lastName: 'Viewer' },
    });
    await addNote(team.manager, a.id, { text: 'Interview feedback: strong', isFeedback: true });
    expect((await applicationRow(t.db, a.id))!.noteCount).toBe(2);
    const listed = await callAs(t.app, team.viewer, { url: url(a.id, '/note') });
    expect(listed.statusCode).toBe(200);
    expect(
      ZNote.array()
        .parse(listed.json().data)
        .map((n) => [n.text, n.isFeedback]),
    ).toEqual([
      ['Interview feedback: strong', true],
      ['Great energy', false],
    ]);
  });

  it('only the author deletes a note (403 otherwise), and noteCount follows', async () => {
    const a = await newApplicant();
    const note = (await addNote(team.manager, a.id, { text: 'Mine' })).json().data as { _id: string };
    const remove = (member: TMember) =>
      callAs(t.app, member, { method: 'DELETE', url: url(a.id, `/note/${note._id}`) });
    for (const other of [team.admin, team.viewer]) {
      const res = await remove(other);
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(applicantMessages.onlyAuthorDeletes);
    }
    const res = await remove(team.manager);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ _id: note._id, noteCount: 0 });
    expect((await remove(team.manager)).statusCode).toBe(404);
    expect((await applicationRow(t.db, a.id))!.noteCount).toBe(0);
  });

  it("answers 404 for another company's application or note, and for a note of another application", async () => {
    const a = await newApplicant();
    const b = await newApplicant();
    const note = (await addNote(team.admin, a.id, { text: 'Private' })).json().data as { _id: string };
    const stranger = await outsider(t.db);
    expect((await callAs(t.app, stranger, { url: url(a.id, '/note') })).statusCode).toBe(404);
    expect((await addNote(stranger, a.id, { text: 'Hi' })).statusCode).toBe(404);
    expect(
      (await callAs(t.app, stranger, { method: 'DELETE', url: url(a.id, `/note/${note._id}`) })).statusCode,
    ).toBe(404);
    expect(
      (await callAs(t.app, team.admin, { method: 'DELETE', url: url(b.id, `/note/${note._id}`) })).statusCode,
    ).toBe(404);
    expect((await applicationRow(t.db, a.id))!.noteCount).toBe(1);
  });

  it('refuses empty or too long notes with 400', async () => {
    const a = await newApplicant();
    for (const payload of [
      { text: '   ' },
      {},
      { text: 'x'.repeat(5001) },
      { text: 'ok', isFeedback: 'yes' },
    ])
      expect((await addNote(team.admin, a.id, payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });
});

describe('marks', () => {
  const mark = (member: TMember, id: string, value: unknown) =>
    callAs(t.app, member, { method: 'POST', url: url(id, '/mark'), payload: { mark: value } });

  it('keeps one mark per person (marking again replaces it) and the average to one decimal', async () => {
    const a = await newApplicant();
    expect((await mark(team.admin, a.id, 5)).statusCode).toBe(200);
    await mark(team.manager, a.id, 4);
    await mark(team.viewer, a.id, 4);
    expect((await applicationRow(t.db, a.id))!.markAvg).toBe(4.3);
    const again = await mark(team.admin, a.id, 1);
    expect(ZMark.parse(again.json().data)).toMatchObject({ mark: 1, _manager: { _id: team.admin.user.id } });
    expect((await applicationRow(t.db, a.id))!.markAvg).toBe(3);
    const listed = await callAs(t.app, team.viewer, { url: url(a.id, '/mark') });
    const marks = ZMark.array().parse(listed.json().data);
    expect(marks.map((m) => [m._manager.firstName, m.mark]).sort()).toEqual([
      ['Ada', 1],
      ['Max', 4],
      ['Vic', 4],
    ]);
    const applicant = await callAs(t.app, team.viewer, { url: `/api/job/candidate/${a.id}` });
    expect(applicant.json().data.markAvg).toBe(3);
  });

  it('deletes only your own mark and recomputes the average, to null when none is left', async () => {
    const a = await newApplicant();
    const mine = (await mark(team.manager, a.id, 2)).json().data as { _id: string };
    const theirs = (await mark(team.admin, a.id, 5)).json().data as { _id: string };
    const remove = (member: TMember, id: string) =>
      callAs(t.app, member, { method: 'DELETE', url: url(a.id, `/mark/${id}`) });
    const refused = await remove(team.manager, theirs._id);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(applicantMessages.onlyOwnMark);
    expect((await remove(team.manager, mine._id)).json().data).toEqual({ _id: mine._id, markAvg: 5 });
    expect((await remove(team.admin, theirs._id)).json().data).toEqual({ _id: theirs._id, markAvg: null });
    expect((await applicationRow(t.db, a.id))!.markAvg).toBeNull();
  });

  it('refuses marks outside 1 to 5 with 400 and answers 404 to another company', async () => {
    const a = await newApplicant();
    for (const value of [0, 6, 3.5, '4', null])
      expect((await mark(team.admin, a.id, value)).statusCode).toBe(400);
    const stranger = await outsider(t.db);
    expect((await mark(stranger, a.id, 3)).statusCode).toBe(404);
    expect((await callAs(t.app, stranger, { url: url(a.id, '/mark') })).statusCode).toBe(404);
    const own = (await mark(team.admin, a.id, 3)).json().data as { _id: string };
    expect(
      (await callAs(t.app, stranger, { method: 'DELETE', url: url(a.id, `/mark/${own._id}`) })).statusCode,
    ).toBe(404);
    expect((await applicationRow(t.db, a.id))!.markAvg).toBe(3);
  });

  it('averages marks given at the same moment without losing one', async () => {
    const a = await newApplicant();
    const markers = await Promise.all(
      [1, 2, 3, 4, 5, 5].map(async () => {
        const signed = await signedInUser(t.db);
        await addMember(t.db, { companyId: team.company.id, userId: signed.user.id, role: 1 });
        return { token: signed.token, companyId: team.company.id, user: signed.user };
      }),
    );
    const results = await Promise.all(markers.map((m, i) => mark(m, a.id, [1, 2, 3, 4, 5, 5][i])));
    expect(results.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    expect((await applicationRow(t.db, a.id))!.markAvg).toBe(3.3);
  });
});

describe('DELETE /api/job/:jobId/application/:id', () => {
  it('deletes the application and its CV for managers and admins', async () => {
    const job = await createJob(t.db, {
      companyId: team.company.id,
      status: 'open',
      publishedAt: new Date(),
      isVideoOptional: true,
    });
    const cv = await putCandidateFile(t.app, job.shortId, pdfBytes());
    const applied = await apply(t.app, job.shortId, applyBody({ cv: { key: cv, fileName: 'cv.pdf' } }));
    expect(applied.statusCode, applied.body).toBe(201);
    const id = applied.json().data.applicationId as string;
    const target = `/api/job/${job.id}/application/${id}`;
    const root = t.config.storage.localDir;
    expect(storedFile(root, cv)).toBe(true);

    expect((await callAs(t.app, team.viewer, { method: 'DELETE', url: target })).statusCode).toBe(403);
    expect((await callAs(t.app, await outsider(t.db), { method: 'DELETE', url: target })).statusCode).toBe(
      404,
    );
    expect(await applicationRow(t.db, id)).toBeDefined();

    const res = await callAs(t.app, team.manager, { method: 'DELETE', url: target });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual({ message: 'The candidate has been successfully deleted.' });
    expect(await applicationRow(t.db, id)).toBeUndefined();
    expect(storedFile(root, cv)).toBe(false);
    expect((await callAs(t.app, team.admin, { method: 'DELETE', url: target })).statusCode).toBe(404);
  });
});
