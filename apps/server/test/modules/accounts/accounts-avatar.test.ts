import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '@hirecast/db/schema';
import { messages } from '@hirecast/domain/messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { pngBytes } from '../../support/apply-support.ts';
import { signedInUser } from '../../support/sessions.ts';

// Issue 12: PATCH /api/manager/me took any URL as the photo (javascript: too). It follows the logo's rule
// now (storage/own-image.ts): one of our uploads, owned by the person or their company, really an image.
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const patchMe = (token: string, payload: object) =>
  t.app.inject({ method: 'PATCH', url: '/api/manager/me', headers: bearer(token), payload });
const avatarOf = async (id: string) =>
  (await t.db.select({ avatar: users.avatar }).from(users).where(eq(users.id, id)))[0]!.avatar;

/** A PNG uploaded through the signed-URL flow by `token`'s user; answers its access URL. */
async function uploadPng(token: string) {
  const signed = await t.app.inject({
    url: '/api/signed-url?content-type=image/png',
    headers: bearer(token),
  });
  const { url, accessUrl } = signed.json().data as { url: string; accessUrl: string };
  const target = new URL(url);
  const put = await t.app.inject({
    method: 'PUT',
    url: target.pathname + target.search,
    headers: { 'content-type': 'image/png' },
    payload: pngBytes(),
  });
  expect(put.statusCode).toBe(200);
  return accessUrl;
}

describe('PATCH /api/manager/me avatar', () => {
  it('refuses any URL that is not one of our uploads, and keeps the photo', async () => {
    const { user, token } = await signedInUser(t.db);
    const own = await uploadPng(token);
    expect((await patchMe(token, { avatar: own })).statusCode).toBe(200);
    const uuid = () => randomUUID();
    for (const avatar of [
      'javascript:alert(document.cookie)',
      `javascript://x/uploads/public/${uuid()}/${uuid()}.png%0Aalert(1)`,
      'https://evil.example/avatar.png',
      'data:image/png;base64,iVBORw0KGgo=',
      `http://localhost:3000/api/storage/uploads/public/${uuid()}/${uuid()}.png`,
    ]) {
      const res = await patchMe(token, { avatar });
      expect(res.statusCode, avatar).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, avatar).toBeLessThan(500);
      expect(await avatarOf(user.id)).toBe(own);
    }
    const wrong = await patchMe(token, { avatar: 'javascript:alert(1)' });
    expect(wrong.json().error).toEqual({
      code: 'VALIDATION',
      message: messages.fileInvalid,
      fields: { avatar: messages.fileInvalid },
    });
  });

  it("keeps one's own upload as its canonical URL and refuses another account's", async () => {
    const owner = await signedInUser(t.db);
    const other = await signedInUser(t.db);
    const own = await uploadPng(owner.token);
    const saved = await patchMe(owner.token, { avatar: `${own}?ignored=1` });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().data.avatar).toBe(own);
    expect(await avatarOf(owner.user.id)).toBe(own);

    const theirs = await patchMe(other.token, { avatar: own });
    expect(theirs.statusCode).toBe(404);
    expect(await avatarOf(other.user.id)).toBeNull();
  });
});
