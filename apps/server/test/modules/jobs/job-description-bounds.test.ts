import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobMessages } from '@hirecast/domain/job-messages';
import { createTestApp } from '../../support/helper.ts';
import { headers, jobApi, jobRow, validJob, type TActor } from '../../support/jobs-support.ts';
import { companyWithMember } from '../../support/sessions.ts';

// Issue 12: Quill `attributes` nested 5,000 deep overflowed the stack (500). The Delta's shape is bounded in
// ZDelta (packages/domain/src/job.ts): flat formats, flat embeds, bounded keys and values.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

// Deep values are written as JSON text: JSON.stringify itself runs out of stack on them in a test worker.
const nested = (depth: number) => `${'{"a":'.repeat(depth)}true${'}'.repeat(depth)}`;
const withOps = (ops: unknown[]) => JSON.stringify({ description: { ops } });
const deepAttributes = `{"description":{"ops":[{"insert":"Cook","attributes":{"bold":${nested(5000)}}}]}}`;
const deepEmbed = `{"description":{"ops":[{"insert":{"image":${nested(5000)}}}]}}`;

const patchJson = (actor: TActor, id: string, json: string) =>
  t.app.inject({
    method: 'PATCH',
    url: `/api/job/${id}`,
    headers: { ...headers(actor), 'content-type': 'application/json' },
    payload: json,
  });

describe('PATCH /api/job/{id} description bounds', () => {
  it('refuses deep, wide or long attributes and embeds with a 400, and keeps the description', async () => {
    const admin = await companyWithMember(t.db);
    const jobs = jobApi(t.app);
    const id = (await jobs.create(admin, validJob())).json().data._id as string;
    const before = (await jobRow(t.db, id))!.description;
    const wide = Object.fromEntries(Array.from({ length: 100 }, (_, i) => [`k${i}`, true]));
    for (const [label, payload] of [
      ['attributes 5,000 deep', deepAttributes],
      ['attributes 2 deep', withOps([{ insert: 'Cook', attributes: { bold: { a: true } } }])],
      ['an embed 5,000 deep', deepEmbed],
      ['a retain 3 deep', withOps([{ retain: { image: { a: { b: 1 } } } }])],
      ['100 attribute keys', withOps([{ insert: 'Cook', attributes: wide }])],
      ['a 1,000-character key', withOps([{ insert: 'Cook', attributes: { ['k'.repeat(1000)]: true } }])],
      [
        'a 5,000-character value',
        withOps([{ insert: 'Cook', attributes: { link: 'https://a.b/'.padEnd(5000, 'x') } }]),
      ],
    ] as const) {
      const res = await patchJson(admin, id, payload);
      expect(res.statusCode, label).toBe(400);
      expect(res.json().error, label).toMatchObject({
        code: 'VALIDATION',
        message: jobMessages.descriptionUnreadable,
      });
    }
    expect((await jobRow(t.db, id))!.description).toEqual(before);
  });

  it('keeps what Quill writes: formats, links, headers, lists and an image embed', async () => {
    const admin = await companyWithMember(t.db);
    const jobs = jobApi(t.app);
    const id = (await jobs.create(admin, validJob())).json().data._id as string;
    const ops = [
      { insert: 'Head Chef' },
      { insert: '\n', attributes: { header: 1 } },
      { insert: 'Run ', attributes: { bold: true, italic: true, color: '#333333' } },
      { insert: 'our kitchen', attributes: { link: 'https://example.com/kitchen' } },
      { insert: '\n', attributes: { list: 'bullet', indent: 1, align: null } },
      { insert: { image: 'https://example.com/a.png' }, attributes: { alt: 'Kitchen', width: '320' } },
      { insert: '\n' },
    ];
    const res = await patchJson(admin, id, withOps(ops));
    expect(res.statusCode).toBe(200);
    expect((await jobRow(t.db, id))!.description).toEqual({ ops });
  });
});
