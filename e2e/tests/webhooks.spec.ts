import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { Webhook } from 'standardwebhooks';
import { expect, test } from './fixtures.ts';
import { applyOverApi, mailTo, shots, signIn } from './applicants-support.ts';
import { employer, expectAccessible, publishJob, type TEmployer } from './public-site-support.ts';

// Issue 35: an admin adds a webhook in Settings › Integrations pointing at a receiver this test starts on
// 127.0.0.1 (the e2e server allows it: WEBHOOK_ALLOW_PRIVATE in playwright.config.ts); a candidate applies and
// completes an interview (through the public API the site uses); the receiver gets application.created and
// interview.completed, each verified with the Standard Webhooks reference verifier and the secret the page
// showed once; the delivery log shows them; Redeliver sends one again with the same webhook-id.

type TReceived = { headers: IncomingHttpHeaders; body: string };

async function startReceiver() {
  const received: TReceived[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('received, thank you');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/hirecast`, received, close: () => server.close() };
}

/** The job's one-question interview, an invitation, and the candidate's answer and completion (public API). */
async function completeInterview(
  request: APIRequestContext,
  boss: TEmployer,
  jobId: string,
  id: string,
  email: string,
) {
  const put = await request.put(`/api/job/${jobId}/interview`, {
    headers: boss.headers,
    data: {
      inApply: false,
      asStage: true,
      questions: [{ prompt: 'Why this café?', answerType: 'text', maxChars: 500, required: true }],
    },
  });
  expect(put.ok(), await put.text()).toBe(true);
  const invited = await request.post(`/api/job/${jobId}/application/${id}/interview/invite`, {
    headers: boss.headers,
    data: { days: 7 },
  });
  expect(invited.status(), await invited.text()).toBe(201);
  let token = '';
  await expect
    .poll(async () => {
      token =
        (await mailTo(request, email))
          .map((m) => /\/interview\/([\w-]{43})/.exec(m.text)?.[1])
          .find(Boolean) ?? '';
      return token;
    })
    .not.toBe('');
  const base = `/api/public/interview/${token}`;
  const questions = (await (await request.get(base)).json()).data.questions as { _id: string }[];
  const q = questions[0]!._id;
  expect((await request.post(`${base}/questions/${q}/start`)).ok()).toBe(true);
  const answered = await request.post(`${base}/questions/${q}/answer`, {
    data: { text: 'I love mornings.' },
  });
  expect(answered.ok(), await answered.text()).toBe(true);
  const completed = await request.post(`${base}/complete`);
  expect(completed.ok(), await completed.text()).toBe(true);
}

test('webhooks: an admin adds an endpoint, the receiver gets signed events, the log shows them, redeliver', async ({
  page,
  request,
}) => {
  test.setTimeout(240_000);
  const receiver = await startReceiver();
  try {
    const boss = await employer(request);
    const job = await publishJob(request, boss, { title: 'Webhook Barista', isVideoOptional: true });
    await page.setViewportSize({ width: 1280, height: 800 });
    await signIn(page, boss);
    await page.goto('/settings?tab=integrations');
    await expect(page.getByRole('tab', { name: 'Integrations' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByText('No endpoints yet.')).toBeVisible();
    await expect(page.getByText('No channels yet.')).toBeVisible();
    await shots(page, 'integrations-empty');
    await expectAccessible(page, 'Settings › Integrations');

    await page.getByRole('button', { name: 'Add endpoint' }).click();
    const add = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
    // A private address the server was not told about is refused with a clear message.
    await add.getByLabel('Endpoint URL').fill('https://10.1.2.3/hooks');
    await add.getByRole('button', { name: 'Add endpoint' }).click();
    await expect(add.getByText('This URL points to a private or local network address')).toBeVisible();
    await add.getByLabel('Endpoint URL').fill(receiver.url);
    await add.getByLabel('Description').fill('Our ATS');
    await expect(add.getByRole('checkbox', { name: 'New application' })).toBeChecked();
    await expect(add.getByRole('checkbox', { name: 'Interview completed' })).toBeChecked();
    await add.getByRole('checkbox', { name: 'Application status changed' }).check();
    await shots(page, 'add-endpoint');
    await expectAccessible(page, 'the add endpoint dialog');
    await add.getByRole('button', { name: 'Add endpoint' }).click();

    const secretDialog = page.getByRole('dialog', { name: 'Your signing secret' });
    const secret = await secretDialog.getByLabel('Signing secret').inputValue();
    expect(secret).toMatch(/^whsec_/);
    await shots(page, 'secret-shown-once');
    await secretDialog.getByRole('button', { name: 'Done' }).click();
    await expect(page.getByRole('heading', { name: receiver.url })).toBeVisible();
    await expect(page.getByText('No deliveries yet')).toBeVisible();

    const email = `ada-${Date.now()}@example.com`;
    const id = await applyOverApi(request, job, { firstName: 'Ada', lastName: 'Lovelace', email });
    await completeInterview(request, boss, job._id, id, email);

    const verifier = new Webhook(secret);
    const typesReceived = () =>
      receiver.received.map((r) => {
        const payload = verifier.verify(r.body, {
          'webhook-id': String(r.headers['webhook-id']),
          'webhook-timestamp': String(r.headers['webhook-timestamp']),
          'webhook-signature': String(r.headers['webhook-signature']),
        }) as { type: string };
        return payload.type;
      });
    await expect
      .poll(typesReceived, { timeout: 30_000 })
      .toEqual(['application.created', 'interview.completed']);

    await page.reload();
    await expect(page.getByText(/Last delivery .*: delivered \(200\)/)).toBeVisible();
    await page.getByRole('button', { name: 'Delivery log' }).click();
    const log = page.getByRole('dialog', { name: 'Delivery log' });
    const deliveries = log.getByRole('list', { name: 'Deliveries' }).getByRole('listitem');
    await expect(deliveries).toHaveCount(2);
    await expect(deliveries.nth(0)).toContainText('interview.completed');
    await expect(deliveries.nth(1)).toContainText('application.created');
    await expect(deliveries.nth(1)).toContainText('Delivered');
    await expect(deliveries.nth(1)).toContainText('received, thank you');
    await shots(page, 'delivery-log');
    await expectAccessible(page, 'the delivery log');

    await deliveries.nth(1).getByRole('button', { name: 'Redeliver' }).click();
    await expect.poll(() => receiver.received.length, { timeout: 30_000 }).toBe(3);
    const [first, , again] = receiver.received;
    expect(again!.headers['webhook-id']).toBe(first!.headers['webhook-id']);
    expect(typesReceived()[2]).toBe('application.created');
    await expect(deliveries).toHaveCount(3);
    await expect(deliveries.nth(0)).toContainText('Delivered');
    await shots(page, 'delivery-log-redelivered');

    // A Slack channel for this one job (its team's channel): the list names the job.
    await page.getByRole('dialog').getByRole('button', { name: 'Close', exact: true }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const addChannel = page.getByRole('form', { name: 'Add a channel' });
    await addChannel.getByRole('textbox', { name: /Incoming webhook URL/ }).fill(receiver.url);
    await addChannel.getByRole('combobox', { name: 'Jobs' }).click();
    await page.getByRole('option', { name: 'Webhook Barista' }).click();
    await addChannel.getByRole('button', { name: 'Add channel' }).click();
    const channels = page.getByRole('list', { name: 'Channels' });
    await expect(channels).toContainText('Job: Webhook Barista');
    await channels.scrollIntoViewIfNeeded();
    await shots(page, 'chat-channel-for-a-job');
  } finally {
    receiver.close();
  }
});
