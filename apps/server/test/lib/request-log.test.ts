import { randomBytes, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/helper.ts';

// Issue 12: links that act as keys carry their secret in the URL, and the request log wrote them in clear.
// The app's real pino output is read here (a log stream) for every kind of such URL.
const lines: string[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(
    { LOG_LEVEL: 'info', RATE_LIMIT_DISABLED: 'true' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(() => t.close());

const secret = () => `s3cr3t${randomBytes(8).toString('hex')}`;
const loggedUrls = () =>
  lines
    .map((line) => JSON.parse(line) as { req?: { url: string } })
    .flatMap((entry) => (entry.req ? [entry.req.url] : []));

describe('request logs', () => {
  it('never show a token, code, state, invitation code, private link or signature', async () => {
    const s = Array.from({ length: 27 }, secret);
    const key = `uploads/${randomUUID()}/${randomUUID()}.pdf`;
    const expires = Date.now() + 60_000;
    const cases: { method?: 'GET' | 'POST'; url: string; logged: string }[] = [
      {
        url: `/sign-in?access-token=${s[0]}&source=google`,
        logged: '/sign-in?access-token=[redacted]&source=google',
      },
      { url: `/forgot-password?reset-token=${s[1]}`, logged: '/forgot-password?reset-token=[redacted]' },
      {
        url: `/confirm-email?verify-token=${s[2]}&redirect=/jobs`,
        logged: '/confirm-email?verify-token=[redacted]&redirect=/jobs',
      },
      {
        url: `/api/manager/google/callback?code=${s[3]}&state=${s[4]}`,
        logged: '/api/manager/google/callback?code=[redacted]&state=[redacted]',
      },
      { url: `/accept-invite/${s[5]}`, logged: '/accept-invite/[redacted]' },
      { url: `/api/manager/invite/${s[6]}`, logged: '/api/manager/invite/[redacted]' },
      { url: `/application/${s[7]}?utm_source=mail`, logged: '/application/[redacted]?utm_source=mail' },
      { url: `/api/public/application/${s[8]}`, logged: '/api/public/application/[redacted]' },
      {
        method: 'POST',
        url: `/api/public/application/${s[9]}/withdraw`,
        logged: '/api/public/application/[redacted]/withdraw',
      },
      {
        url: `/api/storage/${key}?expires=${expires}&signature=${s[10]}`,
        logged: `/api/storage/${key}?expires=${expires}&signature=[redacted]`,
      },
      {
        url: `/api/storage/${key}?X-Amz-Credential=${s[11]}&X-Amz-Signature=${s[12]}`,
        logged: `/api/storage/${key}?X-Amz-Credential=[redacted]&X-Amz-Signature=[redacted]`,
      },
      // A name spelt with an escape is the same name.
      { url: `/forgot-password?reset%2Dtoken=${s[13]}`, logged: '/forgot-password?reset%2Dtoken=[redacted]' },
      // Issue 23 item 7: the embedded payment provider's pages are reached by their session id alone.
      {
        url: `/api/billing/test-checkout/cs_local_${s[14]}`,
        logged: '/api/billing/test-checkout/[redacted]',
      },
      {
        method: 'POST',
        url: `/api/billing/test-checkout/cs_local_${s[15]}`,
        logged: '/api/billing/test-checkout/[redacted]',
      },
      { url: `/api/billing/test-portal/bps_local_${s[16]}`, logged: '/api/billing/test-portal/[redacted]' },
      // Issue 25: the candidate's interview link and an outside reviewer's link, on the site and in the API.
      { url: `/interview/${s[17]}`, logged: '/interview/[redacted]' },
      { url: `/api/public/interview/${s[18]}`, logged: '/api/public/interview/[redacted]' },
      {
        method: 'POST',
        url: `/api/public/interview/${s[19]}/questions/${randomUUID()}/start`,
        logged: '/api/public/interview/[redacted]/questions/',
      },
      { url: `/review/${s[20]}`, logged: '/review/[redacted]' },
      { url: `/api/public/interview-review/${s[21]}`, logged: '/api/public/interview-review/[redacted]' },
      // Issue 26: the retention warning's one-click keep link, its API, the data export's download link, and the
      // candidate's "Download my data" under the private link.
      { url: `/keep/${s[22]}`, logged: '/keep/[redacted]' },
      { method: 'POST', url: `/api/public/keep/${s[23]}`, logged: '/api/public/keep/[redacted]' },
      { url: `/api/public/data-export/${s[24]}`, logged: '/api/public/data-export/[redacted]' },
      // Issue 33 item 7: the emailed link of a data export is the candidate site's page.
      { url: `/data-export/${s[26]}`, logged: '/data-export/[redacted]' },
      {
        method: 'POST',
        url: `/api/public/application/${s[25]}/export`,
        logged: '/api/public/application/[redacted]/export',
      },
    ];
    for (const { method = 'GET', url } of cases)
      await t.app.inject({
        method,
        url,
        headers: { accept: 'text/html' },
        payload: method === 'POST' ? {} : undefined,
      });

    const urls = loggedUrls();
    for (const { logged } of cases)
      if (logged.endsWith('/questions/')) expect(urls.some((u) => u.startsWith(logged))).toBe(true);
      else expect(urls).toContain(logged);
    const output = lines.join('');
    for (const value of s) expect(output).not.toContain(value);
  });

  it('keep the rest of the URL as it was', async () => {
    await t.app.inject({ url: '/job/leeds/acme/head-chef-abc123?utm_source=newsletter&utm_campaign=spring' });
    expect(loggedUrls()).toContain(
      '/job/leeds/acme/head-chef-abc123?utm_source=newsletter&utm_campaign=spring',
    );
  });
});
