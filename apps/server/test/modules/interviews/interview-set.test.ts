import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoAssets } from '@hirecast/db/schema';
import { interviewMessages } from '@hirecast/domain/interview';
import { jobMessages } from '@hirecast/domain/job-messages';
import { createTestApp } from '../../support/helper.ts';
import { hiringTeam, outsider } from '../../support/applicants-support.ts';
import { asMember, putInterview, threeQuestions } from '../../support/interview-support.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_DISABLED: 'true' });
});
afterAll(() => t.close());

const video = (overrides: Record<string, unknown> = {}) => ({
  prompt: 'Introduce yourself',
  answerType: 'video',
  limitSeconds: 60,
  ...overrides,
});

describe('GET and PUT /api/job/{jobId}/interview (issue 25 item 1)', () => {
  it('saves an ordered set, keeps question ids across edits, and answers it back', async () => {
    const team = await hiringTeam(t.db);
    const empty = await asMember(t.app, team.admin, 'GET', `/api/job/${team.job.id}/interview`);
    expect(empty.statusCode).toBe(200);
    expect(empty.json().data).toBeNull();

    const saved = await putInterview(t.app, team.manager, team.job.id, threeQuestions());
    expect(saved.statusCode).toBe(200);
    const set = saved.json().data;
    expect(set.questions.map((q: { answerType: string }) => q.answerType)).toEqual([
      'video',
      'text',
      'choice',
    ]);
    expect(set.questions[0]).toMatchObject({
      position: 0,
      prepSeconds: 30,
      limitSeconds: 60,
      retakes: 1,
      required: true,
      maxChars: null,
      options: [],
    });
    expect(set.questions[1]).toMatchObject({ maxChars: 500, retakes: 0, limitSeconds: null });
    expect(set.questions[2]).toMatchObject({
      options: ['Mornings', 'Afternoons', 'Weekends'],
      required: false,
    });

    // Reordered (the choice first) with its id kept; the first question replaced by a new one.
    const [first, second, third] = set.questions;
    const edited = await putInterview(t.app, team.admin, team.job.id, {
      inApply: true,
      asStage: true,
      questions: [
        { ...third, _id: third._id },
        { _id: second._id, prompt: second.prompt, answerType: 'text' },
        video({ prompt: 'Show us how you would greet a regular', retakes: null }),
      ],
    });
    expect(edited.statusCode).toBe(200);
    const ids = edited.json().data.questions.map((q: { _id: string }) => q._id);
    expect(ids[0]).toBe(third._id);
    expect(ids[1]).toBe(second._id);
    expect(ids[2]).not.toBe(first._id);
    expect(edited.json().data.questions[2].retakes).toBeNull();
    // A text question without a limit gets the 2,000-character one.
    expect(edited.json().data.questions[1].maxChars).toBe(2000);
    const read = await asMember(t.app, team.viewer, 'GET', `/api/job/${team.job.id}/interview`);
    expect(read.json().data.questions.map((q: { _id: string }) => q._id)).toEqual(ids);
    expect(read.json().data.inApply).toBe(true);
  });

  it('refuses what breaks the limits, with the message on the field, and changes nothing', async () => {
    const team = await hiringTeam(t.db);
    await putInterview(t.app, team.admin, team.job.id, threeQuestions());
    const before = (await asMember(t.app, team.admin, 'GET', `/api/job/${team.job.id}/interview`)).json();
    const cases: [unknown, string, string][] = [
      [{ inApply: false, asStage: true, questions: [] }, 'questions', interviewMessages.questionCount],
      [
        { inApply: false, asStage: true, questions: Array.from({ length: 11 }, () => video()) },
        'questions',
        interviewMessages.questionCount,
      ],
      [
        { inApply: false, asStage: true, questions: [video({ prompt: 'x'.repeat(301) })] },
        'questions.0.prompt',
        interviewMessages.prompt,
      ],
      [
        { inApply: false, asStage: true, questions: [video({ prompt: '   ' })] },
        'questions.0.prompt',
        interviewMessages.prompt,
      ],
      [
        { inApply: false, asStage: true, questions: [video({ limitSeconds: 29 })] },
        'questions.0.limitSeconds',
        interviewMessages.videoLimit,
      ],
      [
        { inApply: false, asStage: true, questions: [video({ limitSeconds: 301 })] },
        'questions.0.limitSeconds',
        interviewMessages.videoLimit,
      ],
      [
        { inApply: false, asStage: true, questions: [video({ limitSeconds: null })] },
        'questions.0.limitSeconds',
        interviewMessages.videoLimit,
      ],
      [
        { inApply: false, asStage: true, questions: [video({ prepSeconds: 9 })] },
        'questions.0.prepSeconds',
        interviewMessages.prep,
      ],
      [
        { inApply: false, asStage: true, questions: [video({ prepSeconds: 601 })] },
        'questions.0.prepSeconds',
        interviewMessages.prep,
      ],
      [
        { inApply: false, asStage: true, questions: [video({ retakes: 6 })] },
        'questions.0.retakes',
        interviewMessages.retakes,
      ],
      [
        {
          inApply: false,
          asStage: true,
          questions: [{ prompt: 'Why?', answerType: 'text', maxChars: 2001 }],
        },
        'questions.0.maxChars',
        interviewMessages.textLimit,
      ],
      [
        {
          inApply: false,
          asStage: true,
          questions: [{ prompt: 'Pick', answerType: 'choice', options: ['Only one'] }],
        },
        'questions.0.options',
        interviewMessages.options,
      ],
      [
        {
          inApply: false,
          asStage: true,
          questions: [{ prompt: 'Pick', answerType: 'choice', options: ['1', '2', '3', '4', '5', '6', '7'] }],
        },
        'questions.0.options',
        interviewMessages.options,
      ],
      [
        {
          inApply: false,
          asStage: true,
          questions: [{ prompt: 'Why?', answerType: 'text', limitSeconds: 60 }],
        },
        'questions.0.limitSeconds',
        interviewMessages.limitOnlyForVideo,
      ],
      [{ inApply: false, asStage: false, questions: [video()] }, 'inApply', interviewMessages.noWayIn],
    ];
    for (const [payload, field, message] of cases) {
      const res = await putInterview(t.app, team.admin, team.job.id, payload);
      expect(res.statusCode, JSON.stringify(payload).slice(0, 120)).toBe(400);
      expect(res.json().error.fields?.[field], field).toBe(message);
    }
    const after = (await asMember(t.app, team.admin, 'GET', `/api/job/${team.job.id}/interview`)).json();
    expect(after).toEqual(before);
  });

  it('takes a prompt video only from the company library', async () => {
    const team = await hiringTeam(t.db);
    const other = await outsider(t.db);
    const [own] = await t.db
      .insert(videoAssets)
      .values({
        companyId: team.company.id,
        title: 'Welcome from Ada',
        fileName: 'a.mp4',
        status: 'ready',
        originalKey: 'uploads/x/y.mp4',
      })
      .returning();
    const [foreign] = await t.db
      .insert(videoAssets)
      .values({ companyId: other.companyId, title: 'Not yours', fileName: 'b.mp4', status: 'ready' })
      .returning();
    const refused = await putInterview(t.app, team.admin, team.job.id, {
      inApply: false,
      asStage: true,
      questions: [video({ promptVideoId: foreign!.id })],
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.fields['questions.0.promptVideoId']).toBe(interviewMessages.promptVideo);
    const ok = await putInterview(t.app, team.admin, team.job.id, {
      inApply: false,
      asStage: true,
      questions: [video({ promptVideoId: own!.id })],
    });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().data.questions[0].promptVideo).toMatchObject({
      _id: own!.id,
      title: 'Welcome from Ada',
    });
  });

  it('lets viewers read but not edit, and answers 404 to another company', async () => {
    const team = await hiringTeam(t.db);
    await putInterview(t.app, team.admin, team.job.id, threeQuestions());
    const byViewer = await putInterview(t.app, team.viewer, team.job.id, threeQuestions());
    expect(byViewer.statusCode).toBe(403);
    expect(byViewer.json().error.message).toBe(jobMessages.viewerCannotEdit);
    expect(
      (await asMember(t.app, team.viewer, 'DELETE', `/api/job/${team.job.id}/interview`)).statusCode,
    ).toBe(403);
    const stranger = await outsider(t.db);
    for (const [method, payload] of [['GET'], ['PUT', threeQuestions()], ['DELETE']] as const) {
      const res = await asMember(t.app, stranger, method, `/api/job/${team.job.id}/interview`, payload);
      expect(res.statusCode, method).toBe(404);
    }
    expect(
      (await asMember(t.app, team.admin, 'DELETE', `/api/job/${team.job.id}/interview`)).statusCode,
    ).toBe(204);
    expect(
      (await asMember(t.app, team.admin, 'GET', `/api/job/${team.job.id}/interview`)).json().data,
    ).toBeNull();
  });
});

describe('the company question library keeps interview questions (issue 25 item 1)', () => {
  it('saves a question with its settings, updates them when saved again, and lists them', async () => {
    const team = await hiringTeam(t.db);
    const settings = { answerType: 'video', limitSeconds: 90, prepSeconds: 20, retakes: 2, required: true };
    const long = 'Describe a situation in which you had to learn something quickly. '.repeat(3).trim();
    const saved = await asMember(t.app, team.manager, 'POST', '/api/company/questions', {
      text: long,
      interview: settings,
    });
    expect(saved.statusCode).toBe(201);
    expect(saved.json().data.interview).toMatchObject({ answerType: 'video', limitSeconds: 90, retakes: 2 });
    const again = await asMember(t.app, team.manager, 'POST', '/api/company/questions', {
      text: long.toUpperCase(),
      interview: { ...settings, retakes: null },
    });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.interview.retakes).toBeNull();
    // A plain video intro question keeps its 90-character limit and answers without settings.
    const plain = await asMember(t.app, team.manager, 'POST', '/api/company/questions', {
      text: 'x'.repeat(91),
    });
    expect(plain.statusCode).toBe(400);
    const bad = await asMember(t.app, team.manager, 'POST', '/api/company/questions', {
      text: 'Pick one',
      interview: { answerType: 'choice', options: ['a'] },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields['interview.options']).toBe(interviewMessages.options);
    const list = await asMember(t.app, team.viewer, 'GET', '/api/company/questions');
    expect(list.json().data).toEqual([
      { _id: saved.json().data._id, text: long, interview: expect.objectContaining({ retakes: null }) },
    ]);
  });
});

describe('the OpenAPI document (issue 25 item 5)', () => {
  it('lists every interview route with its schemas', async () => {
    const doc = (await t.app.inject({ url: '/api/docs/json' })).json() as {
      paths: Record<
        string,
        Record<string, { requestBody?: unknown; responses?: Record<string, { content?: unknown }> }>
      >;
    };
    const expected: [string, string, boolean][] = [
      ['/api/job/{jobId}/interview', 'get', false],
      ['/api/job/{jobId}/interview', 'put', true],
      ['/api/job/{jobId}/interview', 'delete', false],
      ['/api/job/{jobId}/interview/questions/{questionId}/answers', 'get', false],
      ['/api/job/{jobId}/application/{id}/interview/invite', 'post', true],
      ['/api/job/{jobId}/application/{id}/interview', 'get', false],
      ['/api/job/{jobId}/application/{id}/interview', 'patch', true],
      ['/api/job/{jobId}/application/{id}/interview/questions/{questionId}/reopen', 'post', false],
      ['/api/job/{jobId}/application/{id}/interview/answers/{answerId}/rating', 'put', true],
      ['/api/job/{jobId}/application/{id}/interview/answers/{answerId}/rating', 'delete', false],
      ['/api/job/{jobId}/application/{id}/interview/shares', 'post', true],
      ['/api/job/{jobId}/application/{id}/interview/shares', 'get', false],
      ['/api/job/{jobId}/application/{id}/interview/shares/{shareId}', 'delete', false],
      ['/api/public/interview/{token}', 'get', false],
      ['/api/public/interview/{token}/questions/{questionId}/start', 'post', false],
      ['/api/public/interview/{token}/questions/{questionId}/takes', 'post', false],
      ['/api/public/interview/{token}/takes/{takeId}/finish', 'post', true],
      ['/api/public/interview/{token}/questions/{questionId}/answer', 'post', true],
      ['/api/public/interview/{token}/questions/{questionId}/skip', 'post', false],
      ['/api/public/interview/{token}/signed-url', 'get', false],
      ['/api/public/interview/{token}/complete', 'post', false],
      ['/api/public/interview/{token}/contact', 'post', true],
      ['/api/public/interview-review/{token}', 'get', false],
      ['/api/public/interview-review/{token}/answers/{answerId}/rating', 'put', true],
    ];
    for (const [path, method, hasBody] of expected) {
      const operation = doc.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      if (hasBody) expect(operation!.requestBody, `${method} ${path} body`).toBeDefined();
      const ok = Object.entries(operation!.responses ?? {}).find(([status]) => status.startsWith('2'));
      expect(ok, `${method} ${path} response`).toBeDefined();
      if (ok![0] !== '204') expect(ok![1].content, `${method} ${path} response schema`).toBeDefined();
    }
    expect(doc.paths['/api/public/interview/uploads']).toBeDefined();
    // A review link lasts N days or until a date and time.
    expect(
      JSON.stringify(doc.paths['/api/job/{jobId}/application/{id}/interview/shares']!.post!.requestBody),
    ).toContain('"expiresAt"');
  });
});
