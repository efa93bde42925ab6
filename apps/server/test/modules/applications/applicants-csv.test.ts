import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createJob } from '@hirecast/db/factories';
import { attachmentHeader, csvCell } from '../../../src/modules/applications/csv.ts';
import { createTestApp } from '../../support/helper.ts';
import {
  callAs,
  createApplication,
  hiringTeam,
  outsider,
  type TMember,
} from '../../support/applicants-support.ts';

// spec 2 §7 POST /job/{id}/applicants/csv: '{job title} applicants.csv', with the status filter and the sort.
let t: Awaited<ReturnType<typeof createTestApp>>;
let team: Awaited<ReturnType<typeof hiringTeam>>;
let job: Awaited<ReturnType<typeof createJob>>;
let ids: Record<string, string>;
beforeAll(async () => {
  t = await createTestApp();
  team = await hiringTeam(t.db);
  job = await createJob(t.db, { companyId: team.company.id, title: 'Café manager, "Leeds"' });
  const rows = [
    { firstName: 'Grace', lastName: 'Hopper', sentAt: new Date('2026-03-01T10:00:00Z'), markAvg: 4.5 },
    {
      firstName: '=HYPERLINK("http://evil")',
      lastName: 'Smith, Jr.',
      email: '@evil@example-test.com',
      position: '+44 Barista',
      location: 'Leeds\nWest Yorkshire',
      sentAt: new Date('2026-03-02T23:30:00Z'),
      status: 'shortlisted',
      aiFitScore: 3,
    },
    { firstName: 'Zoë', lastName: '-Brontë', sentAt: new Date('2026-03-03T08:00:00Z'), status: 'hired' },
  ];
  ids = {};
  for (const row of rows) ids[row.lastName] = (await createApplication(t.db, job, row)).id;
});
afterAll(() => t.close());

const exportCsv = (payload: unknown = {}, member: TMember = team.manager, jobId = job.id) =>
  callAs(t.app, member, { method: 'POST', url: `/api/job/${jobId}/applicants/csv`, payload });
const lines = (body: string) =>
  body
    .replace(/^\ufeff/, '')
    .trimEnd()
    .split('\r\n');

describe('POST /api/job/:id/applicants/csv', () => {
  it('answers a UTF-8 CSV attachment named after the job, newest first', async () => {
    const res = await exportCsv();
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="Caf_ manager, _Leeds_ applicants.csv"; filename*=UTF-8''Caf%C3%A9%20manager%2C%20%22Leeds%22%20applicants.csv`,
    );
    expect(res.body.startsWith('\ufeff')).toBe(true);
    const [header, ...rows] = lines(res.body);
    expect(header).toBe('First name,Last name,Email,Position,Location,Status,Sent at,Rating,Link');
    expect(rows).toHaveLength(3);
    expect(rows[0]).toMatch(/^Zoë,'-Brontë,grace-[0-9a-f]+@example-test\.com,,,Hired,03\/03\/2026,,/);
    expect(rows[2]).toBe(
      [
        'Grace',
        'Hopper',
        rows[2]!.split(',')[2],
        '',
        '',
        'New',
        '01/03/2026',
        '4.5',
        `http://localhost:3000/applications/${job.id}/${ids.Hopper}/view`,
      ].join(','),
    );
  });

  it('neutralises formulas and quotes commas, quotes and line breaks', async () => {
    const res = await exportCsv({ status: 'SHORTLISTED' });
    const body = res.body.replace(/^\ufeff/, '');
    expect(body).toContain(
      `"'=HYPERLINK(""http://evil"")","Smith, Jr.",'@evil@example-test.com,'+44 Barista,"Leeds\nWest Yorkshire",Shortlisted,02/03/2026,3.0,`,
    );
    // Records end with CRLF; the quoted LF stays inside its cell.
    expect(lines(res.body)).toHaveLength(2);
  });

  it('filters by status and sorts by rate or date', async () => {
    const lastNames = async (payload: unknown) =>
      lines((await exportCsv(payload)).body)
        .slice(1)
        .filter((l) => /,(New|Shortlisted|Hired),/.test(l))
        .map((l) => (l.includes('Hopper') ? 'Hopper' : l.includes('Smith') ? 'Smith' : 'Brontë'));
    expect(await lastNames({ sortByDate: 1 })).toEqual(['Hopper', 'Smith', 'Brontë']);
    expect(await lastNames({ sortByRate: -1 })).toEqual(['Hopper', 'Smith', 'Brontë']);
    expect(await lastNames({ sortByRate: 1 })).toEqual(['Smith', 'Hopper', 'Brontë']);
    expect(await lastNames({ status: 'hired' })).toEqual(['Brontë']);
    expect(lines((await exportCsv({ status: 'rejected' })).body)).toHaveLength(1);
  });

  it('refuses viewers (spec 2 §6: no Export), other companies and bad input', async () => {
    expect((await exportCsv({}, team.viewer)).statusCode).toBe(403);
    expect((await exportCsv({}, await outsider(t.db))).statusCode).toBe(404);
    for (const payload of [{ status: 'maybe' }, { sortByRate: 2 }, { sortByDate: 'asc' }])
      expect((await exportCsv(payload)).statusCode, JSON.stringify(payload)).toBe(400);
  });

  it("names an untitled job's file 'Untitled Job applicants.csv'", async () => {
    const untitled = await createJob(t.db, { companyId: team.company.id, title: '' });
    const res = await exportCsv({}, team.admin, untitled.id);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('filename="Untitled Job applicants.csv"');
    expect(lines(res.body)).toHaveLength(1);
  });
});

describe('csvCell and attachmentHeader', () => {
  it('leaves plain values alone and escapes the rest', () => {
    expect(csvCell('Grace')).toBe('Grace');
    expect(csvCell(null)).toBe('');
    expect(csvCell(4.5)).toBe('4.5');
    expect(csvCell('a "b"')).toBe('"a ""b"""');
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('=1+1, ok')).toBe(`"'=1+1, ok"`);
    expect(attachmentHeader("O'Brien (x)*.csv")).toBe(
      `attachment; filename="O'Brien (x)*.csv"; filename*=UTF-8''O%27Brien%20%28x%29%2A.csv`,
    );
  });
});
