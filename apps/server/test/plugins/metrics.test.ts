import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, createTestApp } from '../support/helper.ts';

// Issue 24 item 5: GET /metrics in the Prometheus text format, for this computer or a scraper with the token.

const TOKEN = 'metrics-token-0123456789-abcdef';
const lines: string[] = [];
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp(
    { METRICS_TOKEN: TOKEN, LOG_LEVEL: 'info' },
    { logStream: { write: (line) => void lines.push(line) } },
  );
});
afterAll(() => t.close());

type TSample = { name: string; labels: Record<string, string>; value: number };

/**
 * A strict reader of the text exposition format 0.0.4: every line empty (allowed between families), a HELP, a
 * TYPE or a sample of a declared type, or it throws.
 */
function parseExposition(text: string) {
  const types = new Map<string, string>();
  const samples: TSample[] = [];
  expect(text.endsWith('\n')).toBe(true);
  for (const line of text.slice(0, -1).split('\n')) {
    if (line === '' || /^# HELP [a-zA-Z_:][a-zA-Z0-9_:]* .+$/.test(line)) continue;
    const type = /^# TYPE ([a-zA-Z_:][a-zA-Z0-9_:]*) (counter|gauge|histogram|summary|untyped)$/.exec(line);
    if (type) {
      types.set(type[1]!, type[2]!);
      continue;
    }
    const sample = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!sample) throw new Error(`not an exposition line: ${JSON.stringify(line)}`);
    const labels: Record<string, string> = {};
    const labelText = sample[2] ?? '';
    const labelPattern = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"(,|$)/y;
    for (let at = 0; at < labelText.length;) {
      labelPattern.lastIndex = at;
      const label = labelPattern.exec(labelText);
      if (!label) throw new Error(`bad labels: ${JSON.stringify(line)}`);
      labels[label[1]!] = label[2]!;
      at = labelPattern.lastIndex;
    }
    // Prometheus reads values as Go's ParseFloat does: NaN and Inf in any case (prom-client writes "Nan").
    const raw = sample[3]!;
    const special = /^([+-]?)(inf|nan)$/i.exec(raw);
    const value = special
      ? special[2]!.toLowerCase() === 'nan'
        ? NaN
        : Number(`${special[1]}Infinity`)
      : Number(raw);
    if (!special && !/^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i.test(raw))
      throw new Error(`bad value: ${JSON.stringify(line)}`);
    const family = sample[1]!.replace(/_(bucket|sum|count)$/, '');
    if (!types.has(sample[1]!) && !types.has(family)) throw new Error(`sample without a TYPE: ${line}`);
    samples.push({ name: sample[1]!, labels, value });
  }
  const find = (name: string, labels: Record<string, string> = {}) =>
    samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  return { types, samples, find };
}

const scrape = async () => {
  const res = await t.app.inject({ url: '/metrics' });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
  return { body: res.body, ...parseExposition(res.body) };
};

describe('GET /metrics', () => {
  it('counts requests per route pattern, errors by status class, and reports memory and the pool', async () => {
    const jobId = randomUUID();
    const unauthenticated = await t.app.inject({ url: `/api/job/${jobId}` });
    expect(unauthenticated.statusCode).toBe(401);
    expect((await t.app.inject({ url: '/healthz' })).statusCode).toBe(200);

    const m = await scrape();
    expect(m.types.get('hirecast_http_request_duration_seconds')).toBe('histogram');
    const job = { method: 'GET', route: '/api/job/:id', status_class: '4xx' };
    expect(m.find('hirecast_http_request_duration_seconds_count', job)).toEqual([
      { name: 'hirecast_http_request_duration_seconds_count', labels: job, value: 1 },
    ]);
    expect(m.find('hirecast_http_request_duration_seconds_bucket', { ...job, le: '+Inf' })[0]?.value).toBe(1);
    expect(m.find('hirecast_http_errors_total', job)[0]?.value).toBe(1);
    const health = { method: 'GET', route: '/healthz', status_class: '2xx' };
    expect(m.find('hirecast_http_request_duration_seconds_count', health)[0]?.value).toBe(1);
    expect(m.find('hirecast_http_errors_total', health)).toEqual([]);
    // The pattern, never the raw URL: no series per record.
    expect(m.body).not.toContain(jobId);

    // Default process metrics: memory, heap, event loop.
    expect(m.find('process_resident_memory_bytes')[0]?.value).toBeGreaterThan(0);
    expect(m.find('nodejs_heap_size_used_bytes')[0]?.value).toBeGreaterThan(0);
    // The PostgreSQL pool (PGlite has none).
    if (t.databaseUrl) {
      expect(m.find('hirecast_db_pool_connections', { state: 'max' })[0]?.value).toBe(10);
      expect(m.find('hirecast_db_pool_connections', { state: 'in_use' })).toHaveLength(1);
    }
  });

  it('reads queue depth and the oldest waiting job from the database, and times the jobs run', async () => {
    const queue = t.app.ctx.queue;
    // Sent by another process as far as this one knows: the depth comes from the database, not from memory.
    await queue.send('company.texau', { companyId: randomUUID(), link: 'https://example.com' });
    await queue.send('company.texau', { companyId: randomUUID(), link: 'https://example.org' });
    const waiting = await scrape();
    expect(waiting.find('hirecast_queue_depth', { job: 'company.texau' })[0]?.value).toBe(2);
    expect(waiting.find('hirecast_queue_depth', { job: 'video.process' })[0]?.value).toBe(0);
    expect(
      waiting.find('hirecast_queue_oldest_job_age_seconds', { job: 'company.texau' })[0]?.value,
    ).toBeGreaterThan(0);
    expect(waiting.find('hirecast_queue_oldest_job_age_seconds', { job: 'video.render' })[0]?.value).toBe(0);

    // A worker in this process takes them: each run is timed by job type and outcome.
    let ran = 0;
    await queue.work('company.texau', async () => {
      ran += 1;
    });
    for (const end = Date.now() + 20_000; ran < 2 && Date.now() < end;)
      await new Promise((r) => setTimeout(r, 100));
    expect(ran).toBe(2);
    const done = await scrape();
    expect(done.types.get('hirecast_job_duration_seconds')).toBe('histogram');
    expect(
      done.find('hirecast_job_duration_seconds_count', { job: 'company.texau', outcome: 'completed' })[0]
        ?.value,
    ).toBe(2);
    expect(done.find('hirecast_queue_depth', { job: 'company.texau' })[0]?.value).toBe(0);
  });

  it('answers other addresses only with the token, and never logs it', async () => {
    const from = (remoteAddress: string, headers: Record<string, string> = {}) =>
      t.app.inject({ url: '/metrics', remoteAddress, headers });
    expect((await from('10.1.2.3')).statusCode).toBe(403);
    expect((await from('10.1.2.3', bearer('not-the-metrics-token-at-all'))).statusCode).toBe(403);
    // A proxy on this computer forwards everyone's requests: forwarded is not local.
    expect((await from('127.0.0.1', { 'x-forwarded-for': '203.0.113.9' })).statusCode).toBe(403);
    const withToken = await from('10.1.2.3', bearer(TOKEN));
    expect(withToken.statusCode).toBe(200);
    expect(withToken.body).toContain('hirecast_http_request_duration_seconds_bucket');
    expect((await from('::1')).statusCode).toBe(200);

    // Without a configured token, other addresses find no such route.
    const { app: tokenless } = await buildTestApp(t.database);
    try {
      const res = await tokenless.inject({
        url: '/metrics',
        remoteAddress: '10.1.2.3',
        headers: bearer(TOKEN),
      });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'NOT_FOUND', message: expect.any(String) } });
      expect((await tokenless.inject({ url: '/metrics' })).statusCode).toBe(200);
    } finally {
      await tokenless.close();
    }

    // The requests above were logged, the token nowhere.
    const logged = lines.join('');
    expect(logged).toContain('"url":"/metrics"');
    expect(logged).not.toContain(TOKEN);
  });
});
