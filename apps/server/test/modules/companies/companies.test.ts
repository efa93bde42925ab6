import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, memberships } from '@hirecast/db/schema';
import { createCompany } from '@hirecast/db/factories';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

let n = 0;
const validCompany = (overrides: Record<string, unknown> = {}) => ({
  name: `Acme Widgets ${++n}`,
  industry: 'Technology',
  description: 'We make widgets.',
  location: { city: 'London', country: 'United Kingdom' },
  ...overrides,
});

const create = (token: string | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/company',
    headers: token ? bearer(token) : {},
    payload: payload as object,
  });
const patch = (token: string, id: string, payload: unknown) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/company/${id}`,
    headers: bearer(token),
    payload: payload as object,
  });
const countCompanies = async () => (await t.db.select({ id: companies.id }).from(companies)).length;

async function uploadLogo(token: string, body: Buffer) {
  const signed = await t.app.inject({
    url: '/api/signed-url?content-type=image/png',
    headers: bearer(token),
  });
  const { url, accessUrl } = signed.json().data;
  const u = new URL(url);
  const put = await t.app.inject({
    method: 'PUT',
    url: u.pathname + u.search,
    headers: { 'content-type': 'image/png' },
    payload: body,
  });
  expect(put.statusCode).toBe(200);
  return accessUrl as string;
}

describe('POST /api/company', () => {
  it('creates the company, makes the creator its admin and answers defaults for colours', async () => {
    const { token, user } = await signedInUser(t.db);
    const res = await create(token, validCompany({ name: '  Café & Co.  ', info: [] }));
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    expect(data).toMatchObject({
      name: 'Café & Co.',
      slug: 'cafe-and-co',
      industry: 'Technology',
      location: { city: 'London', country: 'United Kingdom' },
      logo: null,
      primaryColor: '#44504B',
      backgroundColor: '#FFFFFF',
      isAgency: false,
      activeJobs: 0,
      info: [],
    });
    expect(data._id).toMatch(/^[0-9a-f-]{36}$/);
    expect(new Date(data.createdAt).toISOString()).toBe(data.createdAt);
    const [member] = await t.db.select().from(memberships).where(eq(memberships.companyId, data._id));
    expect(member).toMatchObject({ userId: user.id, role: 2 });
  });

  it('keeps slugs unique with a numeric suffix', async () => {
    const { token } = await signedInUser(t.db);
    const first = await create(token, validCompany({ name: 'Slug Test Ltd' }));
    const second = await create(token, validCompany({ name: 'Slug-Test Ltd' }));
    const third = await create(token, validCompany({ name: 'slug test ltd!' }));
    expect(first.json().data.slug).toBe('slug-test-ltd');
    expect(second.json().data.slug).toBe('slug-test-ltd-2');
    expect(third.json().data.slug).toBe('slug-test-ltd-3');
    const fourth = await create(token, validCompany({ name: '!!!' }));
    expect(fourth.json().data.slug).toBe('company');
  });

  it('refuses a duplicate name whatever its case with 409 and the spec message', async () => {
    const { token } = await signedInUser(t.db);
    await createCompany(t.db, { name: 'Globex Corporation', slug: 'globex' });
    const before = await countCompanies();
    const res = await create(token, validCompany({ name: 'GLOBEX corporation' }));
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({ code: 'CONFLICT', message: messages.companyDuplicateName });
    expect(await countCompanies()).toBe(before);
  });

  it('two simultaneous creates with one name: one company, one 409', async () => {
    const a = await signedInUser(t.db);
    const b = await signedInUser(t.db);
    const results = await Promise.all([
      create(a.token, validCompany({ name: 'Race Condition Ltd' })),
      create(b.token, validCompany({ name: 'race condition ltd' })),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    const rows = await t.db.select().from(companies).where(eq(companies.slug, 'race-condition-ltd'));
    expect(rows).toHaveLength(1);
  });

  it('stores colours and social links as given', async () => {
    const { token } = await signedInUser(t.db);
    const res = await create(
      token,
      validCompany({
        primaryColor: 'rgb(10, 20, 30)',
        backgroundColor: '#abc',
        info: [{ type: 'linkedin', value: 'https://www.linkedin.com/company/acme' }],
      }),
    );
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      primaryColor: 'rgb(10, 20, 30)',
      backgroundColor: '#abc',
      info: [{ type: 'linkedin', value: 'https://www.linkedin.com/company/acme' }],
    });
  });

  it('answers 401 without a session, whatever the body', async () => {
    expect((await create(null, validCompany())).statusCode).toBe(401);
    expect((await create(null, {})).statusCode).toBe(401);
  });

  const bad: [string, Record<string, unknown>, string][] = [
    ['missing name', { name: undefined }, 'Please fill the required field: Name'],
    ['blank name', { name: '   ' }, 'Please fill the required field: Name'],
    ['name of 91 characters', { name: 'x'.repeat(91) }, 'Company name must be at most 90 characters'],
    ['name of the wrong type', { name: 42 }, 'Please fill the required field: Name'],
    ['bio of 256 characters', { description: 'b'.repeat(256) }, messages.bioTooLong],
    ['missing bio', { description: undefined }, 'Please fill the required field: Bio'],
    ['location without country', { location: { city: 'Leeds' } }, messages.locationRequired],
    ['missing location', { location: undefined }, messages.locationRequired],
    ['industry not in the list', { industry: 'Mining' }, 'Please fill the required field: Industry'],
    ['bad colour', { primaryColor: 'blurple' }, messages.colourInvalid],
    ['bad background colour', { backgroundColor: '#12345' }, messages.colourInvalid],
    ['bad social link', { info: [{ type: 'website', value: 'not a link' }] }, messages.linkInvalid],
    [
      'unknown social type',
      { info: [{ type: 'myspace', value: 'https://myspace.com/x' }] },
      messages.linkInvalid,
    ],
    [
      'a logo that is not one of our uploads',
      { logo: 'https://evil.example.com/logo.png' },
      messages.fileInvalid,
    ],
  ];
  it.each(bad)('refuses %s with 400 and changes nothing', async (_label, overrides, message) => {
    const { token } = await signedInUser(t.db);
    const before = await countCompanies();
    const res = await create(token, validCompany(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await countCompanies()).toBe(before);
  });

  it('accepts a bio of 255 characters and a name of 90', async () => {
    const { token } = await signedInUser(t.db);
    const res = await create(token, validCompany({ name: 'n'.repeat(90), description: 'b'.repeat(255) }));
    expect(res.statusCode).toBe(201);
  });

  it('refuses unknown fields', async () => {
    const { token } = await signedInUser(t.db);
    expect((await create(token, validCompany({ isAgency: true }))).statusCode).toBe(400);
  });

  it('checks the logo bytes on save: a verified PNG is kept, a text file is refused and deleted', async () => {
    const { token } = await signedInUser(t.db);
    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    const logo = await uploadLogo(token, png);
    const ok = await create(token, validCompany({ logo }));
    expect(ok.statusCode).toBe(201);
    expect(ok.json().data.logo).toBe(logo);

    const fake = await uploadLogo(token, Buffer.from('just text pretending to be a logo'));
    const before = await countCompanies();
    const res = await create(token, validCompany({ logo: fake }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(messages.fileInvalid);
    expect(await countCompanies()).toBe(before);
    expect((await t.app.inject({ url: new URL(fake).pathname })).statusCode).toBe(404);

    const big = await uploadLogo(token, Buffer.concat([png, Buffer.alloc(2_000_001)]));
    const tooBig = await create(token, validCompany({ logo: big }));
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json().error.message).toBe(messages.logoTooLarge);
  });

  it("refuses a logo uploaded by someone else's account", async () => {
    const owner = await signedInUser(t.db);
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
      .png()
      .toBuffer();
    const logo = await uploadLogo(owner.token, png);
    const other = await signedInUser(t.db);
    const res = await create(other.token, validCompany({ logo }));
    expect(res.statusCode).toBe(404);
  });
});

describe('GET /api/company/:id', () => {
  it('answers members, and 404 to everyone else', async () => {
    const viewer = await companyWithMember(t.db, 0);
    const res = await t.app.inject({
      url: `/api/company/${viewer.company.id}`,
      headers: bearer(viewer.token),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ _id: viewer.company.id, name: viewer.company.name });

    const stranger = await companyWithMember(t.db, 2);
    const other = await t.app.inject({
      url: `/api/company/${viewer.company.id}`,
      headers: bearer(stranger.token),
    });
    expect(other.statusCode).toBe(404);
    const unknown = await t.app.inject({
      url: '/api/company/00000000-0000-4000-8000-000000000000',
      headers: bearer(viewer.token),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({ url: '/api/company/not-a-uuid', headers: bearer(viewer.token) });
    expect(malformed.statusCode).toBe(404);
    expect((await t.app.inject({ url: `/api/company/${viewer.company.id}` })).statusCode).toBe(401);
  });
});

describe('PATCH /api/company/:id', () => {
  it('lets an admin change fields and reset colours to their defaults with an empty string', async () => {
    const admin = await companyWithMember(t.db, 2);
    const id = admin.company.id;
    const first = await patch(admin.token, id, {
      description: 'New bio',
      primaryColor: 'teal',
      backgroundColor: 'hsl(120, 50%, 50%)',
      info: [{ type: 'website', value: 'https://acme.example.com' }],
    });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({
      description: 'New bio',
      primaryColor: 'teal',
      backgroundColor: 'hsl(120, 50%, 50%)',
      name: admin.company.name,
      slug: admin.company.slug,
    });
    const reset = await patch(admin.token, id, { primaryColor: '', backgroundColor: '' });
    expect(reset.json().data).toMatchObject({ primaryColor: '#44504B', backgroundColor: '#FFFFFF' });
    const [row] = await t.db.select().from(companies).where(eq(companies.id, id));
    expect(row).toMatchObject({ primaryColor: null, backgroundColor: null, description: 'New bio' });
  });

  it('renames, keeping the slug, and refuses a name another company uses', async () => {
    const admin = await companyWithMember(t.db, 2);
    const renamed = await patch(admin.token, admin.company.id, { name: 'Renamed Holdings' });
    expect(renamed.json().data).toMatchObject({ name: 'Renamed Holdings', slug: admin.company.slug });
    // Its own name in another case is not a clash.
    expect((await patch(admin.token, admin.company.id, { name: 'RENAMED holdings' })).statusCode).toBe(200);
    const other = await createCompany(t.db);
    const clash = await patch(admin.token, admin.company.id, { name: other.name.toUpperCase() });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.message).toBe(messages.companyDuplicateName);
  });

  it('answers 403 with the spec message to viewers and job managers, and changes nothing', async () => {
    for (const role of [0, 1] as const) {
      const member = await companyWithMember(t.db, role);
      const res = await patch(member.token, member.company.id, { description: 'Hacked' });
      expect(res.statusCode).toBe(403);
      expect(res.json().error).toEqual({ code: 'FORBIDDEN', message: messages.onlyAdmins });
      const [row] = await t.db.select().from(companies).where(eq(companies.id, member.company.id));
      expect(row!.description).toBe(member.company.description);
    }
  });

  it("answers 404 for another company's id and for unknown ids", async () => {
    const admin = await companyWithMember(t.db, 2);
    const other = await companyWithMember(t.db, 2);
    const res = await patch(admin.token, other.company.id, { description: 'Mine now' });
    expect(res.statusCode).toBe(404);
    const [row] = await t.db.select().from(companies).where(eq(companies.id, other.company.id));
    expect(row!.description).toBe(other.company.description);
    expect((await patch(admin.token, '00000000-0000-4000-8000-000000000000', {})).statusCode).toBe(404);
  });

  it('refuses bad input with the spec messages and changes nothing', async () => {
    const admin = await companyWithMember(t.db, 2);
    const cases: [Record<string, unknown>, string][] = [
      [{ description: 'b'.repeat(256) }, messages.bioTooLong],
      [{ location: { city: 'Paris', country: '' } }, messages.locationRequired],
      [{ backgroundColor: 'not-a-colour' }, messages.colourInvalid],
      [{ info: [{ type: 'facebook', value: 'facebook dot com' }] }, messages.linkInvalid],
      [{ name: 'x'.repeat(91) }, 'Company name must be at most 90 characters'],
      [{ industry: 'Fishing' }, 'Please fill the required field: Industry'],
    ];
    for (const [payload, message] of cases) {
      const res = await patch(admin.token, admin.company.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const [row] = await t.db.select().from(companies).where(eq(companies.id, admin.company.id));
    expect(row).toMatchObject({
      name: admin.company.name,
      description: admin.company.description,
      industry: admin.company.industry,
      backgroundColor: null,
      info: [],
    });
  });

  it('removes the logo with null and runs the byte check on a new one', async () => {
    const admin = await companyWithMember(t.db, 2);
    const fake = await uploadLogo(admin.token, Buffer.from('%PDF-1.4 not an image'));
    const res = await patch(admin.token, admin.company.id, { logo: fake });
    expect(res.statusCode).toBe(415);
    expect(res.json().error.message).toBe(messages.imageWrongType);
    const cleared = await patch(admin.token, admin.company.id, { logo: null });
    expect(cleared.json().data.logo).toBeNull();
  });
});
