import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDb, type TDbHandle } from '@hirecast/db/client';
import type { TVideoTemplate } from '@hirecast/domain/video-template';
import { buildTestApp, createTestApp } from '../../support/helper.ts';
import { companyWithMember } from '../../support/sessions.ts';
import { headers } from '../../support/assets-support.ts';
import { clipAsset, templateData } from '../../support/video-templates-support.ts';
import { openEventStream } from '../../support/video-events-support.ts';
import { publishTemplateStatus } from '../../../src/modules/video/events.ts';

// ARCHITECTURE.md "Live updates": a status change made through one API process reaches a browser connected to
// another. On PostgreSQL (DATABASE_URL) the second app has a database handle of its own, as a second process
// does, and the event crosses by LISTEN/NOTIFY; on PGlite both share the in-process database.
let a: Awaited<ReturnType<typeof createTestApp>>;
let b: Awaited<ReturnType<typeof buildTestApp>>;
let secondDb: TDbHandle | undefined;
let urlA: string;
let urlB: string;
beforeAll(async () => {
  a = await createTestApp({ QUEUE_INPROCESS: 'false' });
  secondDb = a.databaseUrl ? await createDb({ databaseUrl: a.databaseUrl }) : undefined;
  b = await buildTestApp(secondDb ?? a.database, { QUEUE_INPROCESS: 'false' });
  urlA = await a.app.listen({ port: 0, host: '127.0.0.1' });
  urlB = await b.app.listen({ port: 0, host: '127.0.0.1' });
}, 120_000);
afterAll(async () => {
  await b.app.close();
  await secondDb?.close();
  await a.close();
});

describe('GET /api/video/events', () => {
  it("carries a template's status, set through one process, to a browser on the other; only to its company", async () => {
    const admin = await companyWithMember(a.db, 2);
    const stranger = await companyWithMember(a.db, 2);
    const clip = await clipAsset(a.db, admin.company.id);
    const created = await fetch(`${urlA}/api/video`, {
      method: 'POST',
      headers: { ...headers(admin), 'content-type': 'application/json' },
      body: JSON.stringify({
        title: 'Live',
        data: templateData('landscape', [{ assetId: clip.id, duration: 2000 }]),
      }),
    });
    const video = ((await created.json()) as { data: TVideoTemplate }).data;

    const mine = await openEventStream(urlB, admin);
    const theirs = await openEventStream(urlB, stranger);
    expect(mine.res.status).toBe(200);
    expect(mine.res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    try {
      const render = await fetch(`${urlA}/api/video/${video._id}/render`, {
        method: 'POST',
        headers: headers(admin),
      });
      expect(render.status).toBe(202);
      expect(await mine.next((e) => e._id === video._id)).toEqual({
        _id: video._id,
        status: 'preparing',
        progress: 0,
        errorReason: null,
      });
      // A worker's progress (any process that writes to the database) arrives the same way.
      await publishTemplateStatus(a.db, {
        companyId: admin.company.id,
        event: { _id: video._id, status: 'rendering', progress: 42, errorReason: null },
      });
      expect(await mine.next((e) => e.status === 'rendering')).toMatchObject({ progress: 42 });
      // The stranger's stream, open the whole time, heard nothing of another company.
      await publishTemplateStatus(a.db, {
        companyId: stranger.company.id,
        event: { _id: video._id, status: 'rendered', progress: 100, errorReason: null },
      });
      await theirs.next((e) => e.status === 'rendered');
      expect(theirs.events).toHaveLength(1);
      expect(mine.events.map((e) => e.status)).toEqual(['preparing', 'rendering']);
    } finally {
      await mine.close();
      await theirs.close();
    }
  });

  it("gives one template's current status, then its changes, to a browser on the other process", async () => {
    const admin = await companyWithMember(a.db, 2);
    const clip = await clipAsset(a.db, admin.company.id);
    const create = async (title: string) => {
      const res = await fetch(`${urlA}/api/video`, {
        method: 'POST',
        headers: { ...headers(admin), 'content-type': 'application/json' },
        body: JSON.stringify({
          title,
          data: templateData('portrait', [{ assetId: clip.id, duration: 2000 }]),
        }),
      });
      return ((await res.json()) as { data: TVideoTemplate }).data;
    };
    const watched = await create('Watched');
    const other = await create('Other');
    const stream = await openEventStream(urlB, admin, `/api/video/${watched._id}/events`);
    try {
      expect(await stream.next(() => true)).toEqual({
        _id: watched._id,
        status: 'draft',
        progress: null,
        errorReason: null,
      });
      await fetch(`${urlA}/api/video/${other._id}/render`, { method: 'POST', headers: headers(admin) });
      await fetch(`${urlA}/api/video/${watched._id}/render`, { method: 'POST', headers: headers(admin) });
      await stream.next((e) => e.status === 'preparing');
      expect(stream.events.map((e) => [e._id, e.status])).toEqual([
        [watched._id, 'draft'],
        [watched._id, 'preparing'],
      ]);
    } finally {
      await stream.close();
    }
    const stranger = await companyWithMember(a.db, 2);
    const hidden = await openEventStream(urlB, stranger, `/api/video/${watched._id}/events`);
    expect(hidden.res.status).toBe(404);
    await hidden.close();
  });

  it('needs a session and a company of the caller', async () => {
    const res = await fetch(`${urlB}/api/video/events`);
    expect(res.status).toBe(401);
    const admin = await companyWithMember(a.db, 2);
    const other = await companyWithMember(a.db, 2);
    const refused = await openEventStream(urlB, { token: admin.token, company: other.company });
    expect(refused.res.status).toBe(404);
    await refused.close();
  });
});
