import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AI_WIZARD_QUESTIONS } from '@hirecast/domain/ai-description';
import { jobMessages } from '@hirecast/domain/job-messages';
import { bearer, createTestApp } from '../../support/helper.ts';
import { companyWithMember, signedInUser } from '../../support/sessions.ts';

type TApp = Awaited<ReturnType<typeof createTestApp>>;
type TActor = Awaited<ReturnType<typeof companyWithMember>>;

const body = (overrides: Record<string, unknown> = {}) => ({
  jobTitle: 'Sous Chef',
  jobLocation: { city: 'Bath', country: 'United Kingdom' },
  answer: {
    question1: 'Run the pass on busy nights. Train junior cooks.',
    question2: 'Three years in a fresh food kitchen',
    question3: 'Paid overtime. Free meals on shift.',
    question4: 'A family-run bistro with twenty staff.',
  },
  tone: 'professional',
  ...overrides,
});
const generate = (t: TApp, actor: TActor | null, payload: unknown) =>
  t.app.inject({
    method: 'POST',
    url: '/api/job/description',
    headers: actor ? { ...bearer(actor.token), 'x-company-id': actor.company.id } : {},
    payload: payload as object,
  });
const text = (ops: { insert?: unknown }[]) => ops.map((op) => op.insert).join('');

describe('POST /api/job/description with the offline composer', () => {
  let t: TApp;
  let admin: TActor;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await companyWithMember(t.db, 2);
  });
  afterAll(() => t.close());

  it('answers a Delta with the intro and the three sections built from the answers', async () => {
    const res = await generate(t, admin, body());
    expect(res.statusCode).toBe(200);
    const { result } = res.json().data;
    const all = text(result.ops);
    expect(all).toContain('We are looking for a Sous Chef to join our team in Bath, United Kingdom.');
    expect(all).toContain('Train junior cooks');
    expect(
      result.ops.filter((op: { attributes?: { header?: number } }) => op.attributes?.header === 2),
    ).toHaveLength(3);
    expect(result.ops).toContainEqual({ insert: '\n', attributes: { list: 'bullet' } });
  });

  it('lets a job manager generate and refuses a Viewer with the spec message', async () => {
    const manager = await companyWithMember(t.db, 1);
    expect((await generate(t, manager, body())).statusCode).toBe(200);
    const viewer = await companyWithMember(t.db, 0);
    const res = await generate(t, viewer, body());
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(jobMessages.viewerCannotEdit);
  });

  it('answers 401 when signed out and 404 for a company the caller is not in', async () => {
    expect((await generate(t, null, body())).statusCode).toBe(401);
    const stranger = await signedInUser(t.db);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/job/description',
      headers: { ...bearer(stranger.token), 'x-company-id': admin.company.id },
      payload: body(),
    });
    expect(res.statusCode).toBe(404);
  });

  it.each([
    ['a blank title', { jobTitle: '  ' }, jobMessages.aiFillTitle, 'jobTitle'],
    ['no title', { jobTitle: undefined }, jobMessages.aiFillTitle, 'jobTitle'],
    [
      'a blank answer',
      { answer: { ...body().answer, question3: ' ' } },
      jobMessages.aiFillField,
      'answer.question3',
    ],
    [
      'a missing answer',
      { answer: { question1: 'a', question2: 'b', question3: 'c' } },
      jobMessages.aiFillField,
      'answer.question4',
    ],
  ])("answers 400 to %s with '%s'", async (_name, overrides, message, field) => {
    const res = await generate(t, admin, body(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('answers 400 to an unknown tone, a title over 90 characters and unknown fields', async () => {
    expect((await generate(t, admin, body({ tone: 'sarcastic' }))).statusCode).toBe(400);
    expect((await generate(t, admin, body({ jobTitle: 'x'.repeat(91) }))).statusCode).toBe(400);
    expect((await generate(t, admin, body({ extra: true }))).statusCode).toBe(400);
  });
});

describe('POST /api/job/description through an OpenAI-compatible endpoint', () => {
  let t: TApp;
  let admin: TActor;
  let server: ReturnType<typeof createServer>;
  let answer: (res: ServerResponse) => void;
  const seen: { url: string; headers: IncomingMessage['headers']; body: Record<string, unknown> }[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        seen.push({
          url: req.url ?? '',
          headers: req.headers,
          body: JSON.parse(raw) as Record<string, unknown>,
        });
        answer(res);
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const { port } = server.address() as AddressInfo;
    t = await createTestApp({
      AI_BASE_URL: `http://127.0.0.1:${port}/v1`,
      AI_API_KEY: 'sk-test-123',
      AI_MODEL: 'test-model',
      AI_TIMEOUT_MS: '1000',
    });
    admin = await companyWithMember(t.db, 2);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((done) => server.close(done));
  });
  const reply = (status: number, payload: unknown) => (res: ServerResponse) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(typeof payload === 'string' ? payload : JSON.stringify(payload));
  };

  it('sends the title, location, tone and the four answers, and turns the Markdown answer into a Delta', async () => {
    answer = reply(200, {
      id: 'chatcmpl-1',
      object: 'chat.completion',
      model: 'test-model',
      choices: [
        {
          index: 0,
          finish_reason: 'stop',
          message: {
            role: 'assistant',
            content: 'Join **Bistro** in Bath.\n\n## Responsibilities\n- Run the pass\n- Train cooks',
          },
        },
      ],
    });
    const res = await generate(t, admin, body({ tone: 'warm' }));
    expect(res.statusCode).toBe(200);
    expect(res.json().data.result.ops).toEqual([
      { insert: 'Join ' },
      { insert: 'Bistro', attributes: { bold: true } },
      { insert: ' in Bath.\nResponsibilities' },
      { insert: '\n', attributes: { header: 2 } },
      { insert: 'Run the pass' },
      { insert: '\n', attributes: { list: 'bullet' } },
      { insert: 'Train cooks' },
      { insert: '\n', attributes: { list: 'bullet' } },
    ]);
    const request = seen.at(-1)!;
    expect(request.url).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test-123');
    expect(request.body.model).toBe('test-model');
    const messages = request.body.messages as { role: string; content: string }[];
    expect(messages.map((m) => m.role)).toEqual(['system', 'user']);
    expect(messages[0]!.content).toContain('## Responsibilities');
    const prompt = messages[1]!.content;
    for (const expected of [
      'Job title: Sous Chef',
      'Location: Bath, United Kingdom',
      'Tone of voice: warm',
      'Train junior cooks.',
      'A family-run bistro with twenty staff.',
      AI_WIZARD_QUESTIONS[0].label,
    ]) {
      expect(prompt).toContain(expected);
    }
  });

  it.each([
    ['a 500', reply(500, { error: { message: 'upstream exploded: secret-internal-detail' } })],
    ['a malformed answer', reply(200, { choices: [] })],
    ['an answer that is not JSON', reply(200, '<html>gateway</html>')],
    ['an empty completion', reply(200, { choices: [{ message: { content: '   \n' } }] })],
    ['no answer in time', () => undefined],
  ])(
    "answers 500 'Something went wrong, try again later' to %s, without internals",
    async (_name, handler) => {
      answer = handler;
      const res = await generate(t, admin, body());
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ error: { code: 'INTERNAL', message: jobMessages.aiFailure } });
      expect(res.body).not.toContain('secret-internal-detail');
    },
  );
});
