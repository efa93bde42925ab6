import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets, videoTemplates } from '@hirecast/db/schema';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { TEMPLATE_MESSAGES } from '@hirecast/domain/video-template-rules';
import { buildTestApp, createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { headers, type TActor } from '../../support/assets-support.ts';
import { makeClip } from '../../support/video-pipeline-support.ts';
import { templateData } from '../../support/video-templates-support.ts';
import { videoRenderDeps } from '../../../src/modules/video/deps.ts';
import { registerVideoRender } from '../../../src/modules/video/handlers.ts';
import { TemplateRenderError, type TRenderTemplate } from '../../../src/modules/video/render-job.ts';
import { takeNextRender } from '../../../src/modules/video/render-queue.ts';

// Issue 23 item 5: the render queue serves companies in turn. Two workers (two apps on one database, as two
// `npm run worker` processes) run the real `video.render` handler through the real queue; only the drawing is
// replaced by a gate the test opens, so which render each worker takes, and when, is decided by the queue alone.
let t: Awaited<ReturnType<typeof createTestApp>>;
let second: Awaited<ReturnType<typeof buildTestApp>>;
const started: string[] = [];
const gates = new Map<string, () => void>();

// Takes the clips (a real probe) and stops at the drawing until the test opens its gate; the render then ends
// in error, which frees the worker for its next turn.
const gatedRender: TRenderTemplate = async (input) => {
  const title = input.data.title;
  await new Promise<void>((resolve) => {
    gates.set(title, resolve);
    started.push(title);
  });
  throw new TemplateRenderError('stopped by the test');
};

beforeAll(async () => {
  t = await createTestApp();
  second = await buildTestApp(t.database, { DATA_DIR: t.config.dataDir });
  for (const app of [t.app, second.app])
    await registerVideoRender(app.ctx.queue, { ...videoRenderDeps(app.ctx), render: gatedRender });
}, 120_000);
afterAll(async () => {
  for (const open of gates.values()) open();
  await second?.app.close();
  await t?.close();
});

const until = async (check: () => boolean, what: string) => {
  const end = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`waited in vain for ${what}; started: ${started.join(', ')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
};

const clip = makeClip({ width: 160, height: 90, seconds: 0.5, audio: false });
async function storedClip(actor: TActor) {
  const key = `uploads/${actor.company.id}/${randomUUID()}.mp4`;
  await t.app.ctx.storage.put({ key, body: clip, contentType: 'video/mp4' });
  const [asset] = await t.db
    .insert(videoAssets)
    .values({
      companyId: actor.company.id,
      title: 'Clip',
      fileName: 'clip.mp4',
      status: 'prepared',
      originalKey: key,
      data: { videoUrl: key },
      duration: 0.5,
    })
    .returning();
  return asset!.id;
}

async function template(actor: TActor, title: string) {
  const assetId = await storedClip(actor);
  const data = templateData('landscape', [{ assetId, duration: 500 }], { title });
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/video',
    headers: headers(actor),
    payload: { title, data },
  });
  expect(res.statusCode).toBe(201);
  return (res.json().data as TVideoTemplate)._id;
}
const finalize = (actor: TActor, id: string) =>
  t.app.inject({ method: 'POST', url: `/api/video/${id}/render`, headers: headers(actor) });
const open = (title: string) => {
  gates.get(title)!();
  gates.delete(title);
};

describe('the fair render queue', () => {
  it("serves companies in turn: another company's first render waits for at most one render", async () => {
    const a = await companyWithMember(t.db, 2);
    const b = await companyWithMember(t.db, 2);
    const c = await companyWithMember(t.db, 2);
    const [a1, a2, a3, a4] = await Promise.all(['a1', 'a2', 'a3', 'a4'].map((n) => template(a, n)));
    const [b1] = [await template(b, 'b1')];
    const [c1, c2] = await Promise.all(['c1', 'c2'].map((n) => template(c, n)));

    // Company A queues three renders in a burst: both workers take A's first two, the third waits.
    for (const id of [a1!, a2!, a3!]) expect((await finalize(a, id)).statusCode).toBe(202);
    await until(() => started.length === 2, "A's first two renders");
    expect([...started].sort()).toEqual(['a1', 'a2']);
    // A fourth is refused while three are queued or running; the editor shows the message.
    const refused = await finalize(a, a4!);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toBe(TEMPLATE_MESSAGES.renderLimit);

    // B and then C queue theirs behind A's backlog (a3 has waited longest).
    expect((await finalize(b, b1!)).statusCode).toBe(202);
    for (const id of [c1!, c2!]) expect((await finalize(c, id)).statusCode).toBe(202);

    // Each render that ends frees one worker, which takes the company served least recently: B and C (never
    // served) before A's third, then A, then C's second. In arrival order it would have been a3, b1, c1, c2.
    open('a1');
    await until(() => started.length === 3, 'the third render');
    expect(started[2]).toBe('b1');
    open('a2');
    await until(() => started.length === 4, 'the fourth render');
    expect(started[3]).toBe('c1');
    open('b1');
    await until(() => started.length === 5, 'the fifth render');
    expect(started[4]).toBe('a3');
    open('c1');
    await until(() => started.length === 6, 'the sixth render');
    expect(started[5]).toBe('c2');
    open('a3');
    open('c2');

    // Every render ran once and ended (in error: the gate stops it), and A may finalize again.
    await until(() => gates.size === 0, 'the gates');
    const ids = [a1!, a2!, a3!, b1!, c1!, c2!];
    const end = Date.now() + 30_000;
    for (;;) {
      const rows = await t.db.select().from(videoTemplates);
      const ours = rows.filter((r) => ids.includes(r.id));
      if (ours.every((r) => r.status === 'error')) break;
      if (Date.now() > end) throw new Error(`not ended: ${ours.map((r) => r.status).join(', ')}`);
      await new Promise((r) => setTimeout(r, 100));
    }
    gates.clear();
    expect((await finalize(a, a4!)).statusCode).toBe(202);
    await until(() => started.length === 7, "A's fourth render");
    expect(started[6]).toBe('a4');
    open('a4');
  }, 120_000);

  it('two workers taking at the same moment take two companies, not one company twice', async () => {
    const a = await companyWithMember(t.db, 2);
    const b = await companyWithMember(t.db, 2);
    // Rows queued directly (no job sent, so the running workers stay idle): A twice, then B.
    const queued = async (actor: TActor, title: string, at: number) => {
      const id = await template(actor, title);
      await t.db
        .update(videoTemplates)
        .set({ status: 'preparing', renderId: randomUUID(), renderQueuedAt: new Date(at) })
        .where(eq(videoTemplates.id, id));
      return id;
    };
    const now = Date.now();
    const x1 = await queued(a, 'x1', now - 3000);
    await queued(a, 'x2', now - 2000);
    const y1 = await queued(b, 'y1', now - 1000);
    const taken = await Promise.all([
      takeNextRender(t.db, `test-${randomUUID()}`),
      takeNextRender(t.db, `test-${randomUUID()}`),
    ]);
    expect(new Set(taken.map((r) => r?.templateId))).toEqual(new Set([x1, y1]));
    // A retried job resumes the render it took.
    const jobId = `test-${randomUUID()}`;
    const first = await takeNextRender(t.db, jobId);
    expect(await takeNextRender(t.db, jobId)).toEqual(first);
  });
});
