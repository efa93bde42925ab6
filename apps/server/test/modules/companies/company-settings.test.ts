import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyAgencies, companyLetters } from '@hirecast/db/schema';
import { createCompany } from '@hirecast/db/factories';
import { LETTER_KINDS } from '@hirecast/domain/applicants';
import { DEFAULT_LETTERS } from '@hirecast/domain/letters';
import { messages } from '@hirecast/domain/messages';
import { settingsMessages } from '@hirecast/domain/settings';
import { callAs, hiringTeam, outsider, type TMember } from '../../support/applicants-support.ts';
import { createTestApp } from '../../support/helper.ts';

// Issue 7 items 3 (server side): the company settings (PATCH /company/{id}, every field and the letter texts),
// the agency switch and details, with every role of spec 2 §6 (Admin, Job Manager, Viewer, another company).

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type TTeam = Awaited<ReturnType<typeof hiringTeam>>;
const companyRow = async (id: string) =>
  (await t.db.select().from(companies).where(eq(companies.id, id)))[0]!;
const get = (member: TMember) => callAs(t.app, member, { url: `/api/company/${member.companyId}` });
const patch = (member: TMember, companyId: string, payload: unknown) =>
  callAs(t.app, member, { method: 'PATCH', url: `/api/company/${companyId}`, payload });

// Every field of PATCH /company/{id}, with the value an admin saves and how the answer shows it.
const FIELDS: [string, Record<string, unknown>, Record<string, unknown>][] = [
  ['name', { name: 'Renamed Settings Ltd' }, { name: 'Renamed Settings Ltd' }],
  ['industry', { industry: 'Healthcare' }, { industry: 'Healthcare' }],
  ['bio', { description: '  We care.  ' }, { description: 'We care.' }],
  [
    'location',
    { location: { city: 'York', country: 'United Kingdom' } },
    { location: { city: 'York', country: 'United Kingdom' } },
  ],
  ['logo', { logo: null }, { logo: null }],
  ['primary colour', { primaryColor: 'rgb(1, 2, 3)' }, { primaryColor: 'rgb(1, 2, 3)' }],
  ['background colour', { backgroundColor: '#fafafa' }, { backgroundColor: '#fafafa' }],
  [
    'social links',
    { info: [{ type: 'glassdoor', value: 'https://www.glassdoor.co.uk/Overview/acme' }] },
    { info: [{ type: 'glassdoor', value: 'https://www.glassdoor.co.uk/Overview/acme' }] },
  ],
  [
    'letters',
    { letters: [{ kind: 'hire', subject: 'Welcome aboard', text: 'Dear {candidateName}, yes!' }] },
    {
      letters: expect.arrayContaining([
        { kind: 'hire', subject: 'Welcome aboard', text: 'Dear {candidateName}, yes!', isDefault: false },
      ]),
    },
  ],
];

describe('PATCH /api/company/:id by role (spec 2 §6: only admins edit company settings)', () => {
  let team: TTeam;
  let stranger: TMember;
  beforeAll(async () => {
    team = await hiringTeam(t.db);
    stranger = await outsider(t.db);
  });

  it.each(FIELDS)(
    '%s: Job Manager and Viewer get 403, another company 404, nothing changes',
    async (_f, body) => {
      const before = await companyRow(team.company.id);
      for (const member of [team.manager, team.viewer]) {
        const res = await patch(member, team.company.id, body);
        expect(res.statusCode).toBe(403);
        expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: messages.onlyAdmins });
      }
      const res = await patch(stranger, team.company.id, body);
      expect(res.statusCode).toBe(404);
      expect(await companyRow(team.company.id)).toEqual(before);
      expect(
        await t.db.select().from(companyLetters).where(eq(companyLetters.companyId, team.company.id)),
      ).toEqual([]);
    },
  );

  it.each(FIELDS)('%s: the Admin saves it and GET answers it', async (_f, body, shown) => {
    const res = await patch(team.admin, team.company.id, body);
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject(shown);
    expect((await get(team.admin)).json().data).toMatchObject(shown);
  });

  it('a non-admin is refused even with a body that would not validate', async () => {
    const res = await patch(team.viewer, team.company.id, { primaryColor: 'blurple', nonsense: 1 });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(settingsMessages.adminsOnly);
  });
});

describe('PATCH /api/company/:id rules', () => {
  it('refuses a name another company has, whatever its case, with 409', async () => {
    const team = await hiringTeam(t.db);
    const other = await createCompany(t.db, { name: 'Taken Name Holdings' });
    const res = await patch(team.admin, team.company.id, { name: 'TAKEN name holdings' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: settingsMessages.nameTaken });
    expect((await companyRow(team.company.id)).name).toBe(team.company.name);
    expect(other.name).toBe('Taken Name Holdings');
  });

  it.each([
    [{ primaryColor: 'not-a-colour' }, messages.colourInvalid],
    [{ backgroundColor: '#12' }, messages.colourInvalid],
    [{ info: [{ type: 'linkedin', value: 'linkedin company acme' }] }, messages.linkInvalid],
    [{ info: [{ type: 'website', value: 'javascript:alert(1)' }] }, messages.linkInvalid],
    [{ description: 'x'.repeat(256) }, messages.bioTooLong],
    [{ description: '   ' }, 'Please fill the required field: Bio'],
    [{ letters: [{ kind: 'hire', subject: '', text: 'x' }] }, 'Please fill the required field: Subject'],
    [{ letters: [{ kind: 'hire', subject: 'x', text: '  ' }] }, 'Please fill the required field: Text'],
  ])('refuses %j with the spec message and changes nothing', async (body, message) => {
    const team = await hiringTeam(t.db);
    const before = await companyRow(team.company.id);
    const res = await patch(team.admin, team.company.id, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await companyRow(team.company.id)).toEqual(before);
  });

  it('an empty colour resets it to the default', async () => {
    const team = await hiringTeam(t.db);
    await patch(team.admin, team.company.id, { primaryColor: 'teal' });
    const res = await patch(team.admin, team.company.id, { primaryColor: '' });
    expect(res.json().data.primaryColor).toBe('#44504B');
    expect((await companyRow(team.company.id)).primaryColor).toBeNull();
  });
});

describe('letter texts (the Texts tab)', () => {
  it('GET answers all eight kinds, the defaults marked as such', async () => {
    const team = await hiringTeam(t.db);
    const data = (await get(team.viewer)).json().data;
    expect(data.letters.map((l: { kind: string }) => l.kind)).toEqual([...LETTER_KINDS]);
    for (const letter of data.letters)
      expect(letter).toEqual({
        kind: letter.kind,
        ...DEFAULT_LETTERS[letter.kind as 'hire'],
        isDefault: true,
      });
    expect(data).toMatchObject({ agency: null, texauLoading: false });
  });

  it('saves a kind, changes it again, and resets it to the default', async () => {
    const team = await hiringTeam(t.db);
    const save = await patch(team.admin, team.company.id, {
      letters: [
        { kind: 'hiringSoon', subject: 'Soon at {company}', text: 'Hi {candidateName}, soon.' },
        { kind: 'rejection', subject: 'Sorry', text: 'Not this time.' },
      ],
    });
    expect(save.statusCode).toBe(200);
    const byKind = (data: { letters: { kind: string }[] }, kind: string) =>
      data.letters.find((l) => l.kind === kind);
    expect(byKind(save.json().data, 'hiringSoon')).toEqual({
      kind: 'hiringSoon',
      subject: 'Soon at {company}',
      text: 'Hi {candidateName}, soon.',
      isDefault: false,
    });
    const again = await patch(team.admin, team.company.id, {
      letters: [{ kind: 'hiringSoon', subject: 'Soon!', text: 'Very soon.' }],
    });
    expect(byKind(again.json().data, 'hiringSoon')).toMatchObject({ subject: 'Soon!', isDefault: false });
    const rows = await t.db
      .select()
      .from(companyLetters)
      .where(eq(companyLetters.companyId, team.company.id));
    expect(rows.map((r) => r.kind).sort()).toEqual(['hiringSoon', 'rejection']);

    const reset = await patch(team.admin, team.company.id, {
      letters: [{ kind: 'hiringSoon', reset: true }],
    });
    expect(byKind(reset.json().data, 'hiringSoon')).toEqual({
      kind: 'hiringSoon',
      ...DEFAULT_LETTERS.hiringSoon,
      isDefault: true,
    });
    const fresh = (await get(team.manager)).json().data;
    expect(byKind(fresh, 'rejection')).toMatchObject({ subject: 'Sorry', isDefault: false });
    expect(byKind(fresh, 'hiringSoon')).toMatchObject({ isDefault: true });
  });

  it("one company's letters never show in another's", async () => {
    const a = await hiringTeam(t.db);
    const b = await hiringTeam(t.db);
    await patch(a.admin, a.company.id, { letters: [{ kind: 'hire', subject: 'A only', text: 'A' }] });
    const other = (await get(b.admin)).json().data;
    expect(other.letters.find((l: { kind: string }) => l.kind === 'hire').isDefault).toBe(true);
  });
});

describe('agency (spec 2 §5 Agency, §7 POST /company/{id}/agency and PATCH .../agency/{agencyId})', () => {
  const switchAgency = (member: TMember, companyId: string, payload: unknown) =>
    callAs(t.app, member, { method: 'POST', url: `/api/company/${companyId}/agency`, payload });
  const patchAgency = (member: TMember, companyId: string, agencyId: string, payload: unknown) =>
    callAs(t.app, member, { method: 'PATCH', url: `/api/company/${companyId}/agency/${agencyId}`, payload });

  it('by role: only the Admin switches it; another company gets 404', async () => {
    const team = await hiringTeam(t.db);
    const stranger = await outsider(t.db);
    for (const member of [team.manager, team.viewer]) {
      const res = await switchAgency(member, team.company.id, { isAgency: true });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(messages.onlyAdmins);
    }
    expect((await switchAgency(stranger, team.company.id, { isAgency: true })).statusCode).toBe(404);
    expect((await companyRow(team.company.id)).isAgency).toBe(false);
    expect(
      await t.db.select().from(companyAgencies).where(eq(companyAgencies.companyId, team.company.id)),
    ).toEqual([]);

    const on = await switchAgency(team.admin, team.company.id, { isAgency: true });
    expect(on.statusCode).toBe(200);
    expect(on.json().data).toMatchObject({
      isAgency: true,
      agency: { name: '', email: '', phone: '', logo: null },
    });
    expect(on.json().data.agency._id).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('keeps the details when switched off and on again', async () => {
    const team = await hiringTeam(t.db);
    const on = (await switchAgency(team.admin, team.company.id, { isAgency: true })).json().data;
    await patchAgency(team.admin, team.company.id, on.agency._id, { name: 'Kept Agency' });
    const off = await switchAgency(team.admin, team.company.id, { isAgency: false });
    expect(off.json().data).toMatchObject({ isAgency: false, agency: { name: 'Kept Agency' } });
    const again = await switchAgency(team.admin, team.company.id, { isAgency: true });
    expect(again.json().data.agency).toMatchObject({ _id: on.agency._id, name: 'Kept Agency' });
    expect(
      await t.db.select().from(companyAgencies).where(eq(companyAgencies.companyId, team.company.id)),
    ).toHaveLength(1);
    expect((await switchAgency(team.admin, team.company.id, { isAgency: 'yes' })).statusCode).toBe(400);
  });

  it('saves each field with the phone normalised; refuses bad values with the spec messages', async () => {
    const team = await hiringTeam(t.db);
    const agencyId = (await switchAgency(team.admin, team.company.id, { isAgency: true })).json().data.agency
      ._id;
    const saved = await patchAgency(team.admin, team.company.id, agencyId, {
      name: ' Talent Partners ',
      email: ' Hello@Talent.example.COM ',
      phone: '+44 (0) 7700-900 123',
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data).toEqual({
      _id: agencyId,
      name: 'Talent Partners',
      email: 'hello@talent.example.com',
      phone: '+4407700900123',
      logo: null,
    });
    expect((await get(team.viewer)).json().data.agency).toEqual(saved.json().data);

    const cases: [Record<string, unknown>, string][] = [
      [{ phone: '12-34' }, settingsMessages.phoneInvalid],
      [{ phone: 'call me maybe' }, settingsMessages.phoneInvalid],
      [{ phone: ' ' }, 'Please fill the required field: Phone'],
      [{ email: 'hello@' }, settingsMessages.agencyEmailInvalid],
      [{ email: '' }, 'Please fill the required field: Email'],
      [{ name: 'n'.repeat(36) }, settingsMessages.agencyNameTooLong],
      [{ name: '  ' }, 'Please fill the required field: Name'],
      [{ logo: 'https://evil.example.com/logo.png' }, messages.fileInvalid],
    ];
    for (const [body, message] of cases) {
      const res = await patchAgency(team.admin, team.company.id, agencyId, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await get(team.admin)).json().data.agency).toEqual(saved.json().data);
  });

  it('takes a logo that is one of our uploads', async () => {
    const team = await hiringTeam(t.db);
    const agencyId = (await switchAgency(team.admin, team.company.id, { isAgency: true })).json().data.agency
      ._id;
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .png()
      .toBuffer();
    const signed = await callAs(t.app, team.admin, { url: '/api/signed-url?content-type=image/png' });
    const { url, accessUrl } = signed.json().data as { url: string; accessUrl: string };
    const target = new URL(url);
    await t.app.inject({
      method: 'PUT',
      url: target.pathname + target.search,
      headers: { 'content-type': 'image/png' },
      payload: png,
    });
    const res = await patchAgency(team.admin, team.company.id, agencyId, { logo: accessUrl });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.logo).toBe(accessUrl);
    const cleared = await patchAgency(team.admin, team.company.id, agencyId, { logo: null });
    expect(cleared.json().data.logo).toBeNull();
  });

  it("by role for the details; another company's agency id answers 404", async () => {
    const team = await hiringTeam(t.db);
    const agencyId = (await switchAgency(team.admin, team.company.id, { isAgency: true })).json().data.agency
      ._id;
    for (const member of [team.manager, team.viewer]) {
      const res = await patchAgency(member, team.company.id, agencyId, { name: 'Hijack' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(messages.onlyAdmins);
    }
    const stranger = await outsider(t.db);
    expect((await patchAgency(stranger, team.company.id, agencyId, { name: 'Hijack' })).statusCode).toBe(404);
    // An admin of another agency company cannot reach this agency through their own company either.
    const strangerAgency = (await switchAgency(stranger, stranger.companyId, { isAgency: true })).json().data
      .agency;
    const cross = await patchAgency(stranger, stranger.companyId, agencyId, { name: 'Hijack' });
    expect(cross.statusCode).toBe(404);
    expect(
      (await patchAgency(team.admin, team.company.id, strangerAgency._id, { name: 'Hijack' })).statusCode,
    ).toBe(404);
    expect((await patchAgency(team.admin, team.company.id, 'not-a-uuid', { name: 'X' })).statusCode).toBe(
      404,
    );
    const [row] = await t.db.select().from(companyAgencies).where(eq(companyAgencies.id, agencyId));
    expect(row!.name).toBe('');
  });
});
