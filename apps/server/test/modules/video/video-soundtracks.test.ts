import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteRange } from '../../../src/modules/video/soundtrack-routes.ts';
import { createTestApp } from '../../support/helper.ts';
import { headers } from '../../support/assets-support.ts';
import { companyWithMember } from '../../support/sessions.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ QUEUE_INPROCESS: 'false' });
});
afterAll(() => t.close());

describe('GET /api/video/soundtracks/{id}', () => {
  it('serves the synthesised soundtrack the renderer mixes in, with byte ranges', async () => {
    const admin = await companyWithMember(t.db, 2);
    const res = await t.app.inject({ url: '/api/video/soundtracks/soundtrack-3', headers: headers(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('audio/mp4');
    // an MP4 (ftyp box) of a 30 s AAC loop at 128 kbit/s
    expect(res.rawPayload.subarray(4, 8).toString('latin1')).toBe('ftyp');
    expect(res.rawPayload.length).toBeGreaterThan(200_000);

    const part = await t.app.inject({
      url: '/api/video/soundtracks/soundtrack-3',
      headers: { ...headers(admin), range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-range']).toBe(`bytes 0-99/${res.rawPayload.length}`);
  }, 60_000);

  it('answers 404 for an unknown soundtrack and 401 without a session', async () => {
    const admin = await companyWithMember(t.db, 2);
    const unknown = await t.app.inject({
      url: '/api/video/soundtracks/soundtrack-12',
      headers: headers(admin),
    });
    expect(unknown.statusCode).toBe(404);
    const anonymous = await t.app.inject({ url: '/api/video/soundtracks/soundtrack-1' });
    expect(anonymous.statusCode).toBe(401);
  });

  it('reads byte ranges', () => {
    expect(byteRange('bytes=10-19', 100)).toEqual({ start: 10, end: 19 });
    expect(byteRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(byteRange('bytes=-5', 100)).toEqual({ start: 95, end: 99 });
    expect(byteRange('bytes=100-', 100)).toBeNull();
    expect(byteRange(undefined, 100)).toBeNull();
  });
});
