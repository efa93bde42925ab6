import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companyQuestions } from '@hirecast/db/schema';
import { jobMessages } from '@hirecast/domain/job-messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';

type TActor = Awaited<ReturnType<typeof companyWithMember>>;
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const headers = (actor: TActor, companyId = actor.company.id) => ({
  ...bearer(actor.token),
  'x-company-id': companyId,
});
const list = (actor: TActor, companyId?: string) =>
  t.app.inject({ url: '/api/company/questions', headers: headers(actor, companyId) });
const add = (actor: TActor, payload: unknown, companyId?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company/questions',
    headers: headers(actor, companyId),
    payload: payload as object,
  });
const stored = async (companyId: string) =>
  (await t.db.select().from(companyQuestions).where(eq(companyQuestions.companyId, companyId))).map(
    (r) => r.text,
  );

describe('GET and POST /api/company/questions', () => {
  it('saves trimmed questions and lists them in the order they were added', async () => {
    const admin = await companyWithMember(t.db, 2);
    expect((await list(admin)).json()).toEqual({ data: [] });
    const first = await add(admin, { text: '  Why do you want to work with us?  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json().data).toEqual({
      _id: expect.stringMatching(/^[0-9a-f-]{36}$/) as string,
      text: 'Why do you want to work with us?',
    });
    expect((await add(admin, { text: 'Tell us about a hard day at work' })).statusCode).toBe(201);
    const res = await list(admin);
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((q: { text: string }) => q.text)).toEqual([
      'Why do you want to work with us?',
      'Tell us about a hard day at work',
    ]);
    expect(res.json().data[0]._id).toBe(first.json().data._id);
  });

  it('answers the saved question for the same text in another case, without a duplicate', async () => {
    const admin = await companyWithMember(t.db, 2);
    const first = (await add(admin, { text: 'What makes you smile?' })).json().data;
    const again = await add(admin, { text: 'WHAT MAKES YOU SMILE?' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data).toEqual(first);
    expect(await stored(admin.company.id)).toEqual(['What makes you smile?']);
  });

  it('lets a job manager add and a Viewer only read', async () => {
    const manager = await companyWithMember(t.db, 1);
    expect((await add(manager, { text: 'Manager question' })).statusCode).toBe(201);
    const viewer = await companyWithMember(t.db, 0);
    const refused = await add(viewer, { text: 'Viewer question' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(jobMessages.viewerCannotEdit);
    expect(await stored(viewer.company.id)).toEqual([]);
    expect((await list(viewer)).statusCode).toBe(200);
  });

  it('keeps each company to its own questions; another company answers 404', async () => {
    const a = await companyWithMember(t.db, 2);
    const b = await companyWithMember(t.db, 2);
    await add(a, { text: 'Only for A' });
    expect((await list(b)).json().data).toEqual([]);
    expect((await list(b, a.company.id)).statusCode).toBe(404);
    expect((await add(b, { text: 'Sneaky' }, a.company.id)).statusCode).toBe(404);
    expect(await stored(a.company.id)).toEqual(['Only for A']);
  });

  it.each([
    ['a blank text', { text: '   ' }],
    ['a text over 90 characters', { text: 'x'.repeat(91) }],
    ['no text', {}],
    ['an unknown field', { text: 'Fine', extra: 1 }],
  ])('answers 400 to %s and saves nothing', async (_name, payload) => {
    const admin = await companyWithMember(t.db, 2);
    expect((await add(admin, payload)).statusCode).toBe(400);
    expect(await stored(admin.company.id)).toEqual([]);
  });

  it('accepts exactly 90 characters and answers 401 when signed out', async () => {
    const admin = await companyWithMember(t.db, 2);
    expect((await add(admin, { text: 'q'.repeat(90) })).statusCode).toBe(201);
    expect((await t.app.inject({ url: '/api/company/questions' })).statusCode).toBe(401);
  });
});
