// Issue 35: webhook delivery under load, as deployed (an API process and a worker process on PostgreSQL).
// Two companies, each with a webhook endpoint on a receiver this bench runs on 127.0.0.1 (WEBHOOK_ALLOW_PRIVATE).
//
//   phase 1: 1,000 status changes (500 per company, at a steady 100 a second) with both receivers healthy;
//   phase 2: the same while company A's receiver holds every request 10 s (its deliveries time out and are
//            retried; the bench brings their retries forward once A answers again, so no real hours pass).
//
// Latency: from the change (the payload's timestamp, written in the change's transaction) to the receiver
// having the event. Receivers drop repeats by webhook-id (a timed-out delivery that the receiver did get is
// sent again): every event must arrive, and is counted once.
//
// Usage: npm run bench:webhooks   DATABASE_URL: a PostgreSQL server (default postgres://postgres@127.0.0.1:5432/test);
// a fresh database is created for the run and dropped afterwards.
import { createServer } from 'node:http';
import pg from 'pg';
import { publishJob, signUpEmployer } from './lib/employer.mjs';
import { percentile } from './lib/measure.mjs';
import { startApiAndWorker } from './lib/server.mjs';

const PER_COMPANY = 500;
const RATE_PER_SECOND = 100;
const HANG_MS = 10_000;
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** A receiver: the events it has (first arrival per webhook-id), repeats dropped, and a switch to hang. */
async function receiver(name) {
  const firstSeen = new Map();
  let repeats = 0;
  let hang = false;
  let warmedUp = false;
  const server = createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      const payload = JSON.parse(Buffer.concat(chunks).toString('utf8'));
      if (payload.type === 'webhook.test') warmedUp = true;
      else if (firstSeen.has(id)) repeats += 1;
      else
        firstSeen.set(id, { type: payload.type, latency: Date.now() - Date.parse(payload.timestamp), phase });
      const answer = () => {
        if (!res.destroyed) res.writeHead(204).end();
      };
      if (hang) setTimeout(answer, HANG_MS);
      else answer();
    });
  });
  server.keepAliveTimeout = 1000;
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    name,
    url: `http://127.0.0.1:${server.address().port}/${name}`,
    firstSeen,
    repeats: () => repeats,
    warmedUp: () => warmedUp,
    setHang: (on) => void (hang = on),
    close: () => {
      server.closeAllConnections();
      server.close();
    },
  };
}

let phase = 1;
const call = async (base, method, path, headers, body) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()).data;
};

/** `count` applications of the job, inserted as the apply flow would leave them (the apply flow has its own bench). */
async function insertApplications(db, job, companyId, count) {
  const { rows } = await db.query(
    `insert into applications (job_id, company_id, status, sent_at, first_name, last_name, email, manage_token_hash)
     select $1::uuid, $2::uuid, 'new', now(), 'Cand' || i, 'Bench', 'cand' || i || '-' || $1 || '@bench.test', md5($1 || i::text)
     from generate_series(1, $3::int) as i returning id`,
    [job._id, companyId, count],
  );
  return rows.map((r) => r.id);
}

/** Status changes at RATE_PER_SECOND in all, alternating between the companies. */
async function changeStatuses(base, companies, status) {
  const work = [];
  for (let i = 0; i < PER_COMPANY; i++)
    for (const c of companies)
      work.push(() =>
        call(base, 'PATCH', `/api/job/${c.job._id}/application/${c.ids[i]}/status`, c.headers, {
          data: { status },
        }),
      );
  const started = performance.now();
  const inFlight = new Set();
  for (let i = 0; i < work.length; i++) {
    const due = started + (i * 1000) / RATE_PER_SECOND;
    const wait = due - performance.now();
    if (wait > 0) await sleep(wait);
    const p = work[i]().finally(() => inFlight.delete(p));
    inFlight.add(p);
  }
  await Promise.all(inFlight);
}

async function waitUntil(what, check, timeoutMs, tick) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await tick?.();
    await sleep(250);
  }
}

const p99 = (values) =>
  Math.round(
    percentile(
      [...values].sort((a, b) => a - b),
      99,
    ),
  );

/**
 * Where phase 1's time went, per delivery's first attempt: from the change until a place took the delivery
 * (`wait`: handed out and picked up from the queue, or passed straight on by the place before), then until its
 * attempt was recorded (`attempt`: the request and its bookkeeping); and how many went through the queue, with
 * their pick-up time (sent to picked up). p50 / p99 of each.
 */
async function printStages(client, before) {
  const { rows } = await client.query(
    `select extract(epoch from (d.queued_at - e.created_at)) * 1000 as wait,
            extract(epoch from (a.created_at - d.queued_at)) * 1000 as attempt,
            extract(epoch from (j.started_on - j.created_on)) * 1000 as pickup
     from webhook_events e
     join webhook_deliveries d on d.event_id = e.id
     join webhook_attempts a on a.delivery_id = d.id and a.attempt = 1 and d.attempts = 1
     left join lateral (select min(created_on) as created_on, min(started_on) as started_on from pgboss.job
                        where name = 'webhook.deliver' and data->>'deliveryId' = d.id::text) j on true
     where e.created_at < $1`,
    [before],
  );
  const line = (key) => {
    const values = rows.filter((r) => r[key] !== null).map((r) => Number(r[key]));
    if (values.length === 0) return `${key} n/a`;
    const sorted = values.sort((x, y) => x - y);
    return `${key} ${Math.round(percentile(sorted, 50))}/${Math.round(percentile(sorted, 99))}`;
  };
  const viaQueue = rows.filter((r) => r.pickup !== null).length;
  console.log(
    `phase 1 stages, p50/p99 ms: ${line('wait')}, ${line('attempt')}; through the queue ${viaQueue} of ${rows.length}, ${line('pickup')}`,
  );
}

let stack;
let db;
const receivers = [];
try {
  const a = await receiver('company-a');
  const b = await receiver('company-b');
  receivers.push(a, b);
  stack = await startApiAndWorker({ name: 'webhooks', env: { WEBHOOK_ALLOW_PRIVATE: '127.0.0.1' } });
  const { base } = stack;
  db = new pg.Client({ connectionString: stack.databaseUrl });
  await db.connect();

  const companies = [];
  for (const [name, r] of [
    ['A', a],
    ['B', b],
  ]) {
    const boss = await signUpEmployer(base, { company: `Company ${name}` });
    const job = await publishJob(base, boss, { isVideoOptional: true });
    const companyId = boss.headers['x-company-id'];
    const endpoint = await call(base, 'POST', '/api/webhooks', boss.headers, {
      url: r.url,
      events: ['application.status_changed'],
    });
    // Warm-up: one test event through each endpoint, so phase 1 measures delivery, not the worker's start
    // (its first relay, connections and compiled code took the first events about 2.5 s on a quiet machine).
    await call(base, 'POST', `/api/webhooks/${endpoint._id}/test`, boss.headers, {});
    companies.push({
      name,
      receiver: r,
      headers: boss.headers,
      job,
      companyId,
      ids: await insertApplications(db, job, companyId, PER_COMPANY),
    });
  }
  const warmStarted = Date.now();
  await waitUntil('the warm-up test events', () => a.warmedUp() && b.warmedUp(), 120_000);
  console.log(`warm-up: a test event reached each receiver within ${Date.now() - warmStarted} ms`);
  const expected = () => 2 * PER_COMPANY * phase;
  const received = () => a.firstSeen.size + b.firstSeen.size;

  console.log(`phase 1: ${2 * PER_COMPANY} status changes at ${RATE_PER_SECOND}/s, both receivers healthy`);
  await changeStatuses(base, companies, 'shortlisted');
  await waitUntil('phase 1 deliveries', () => received() >= expected(), 120_000);

  const phase2At = new Date();
  phase = 2;
  console.log(`phase 2: the same while company A's receiver holds every request ${HANG_MS / 1000} s`);
  a.setHang(true);
  await changeStatuses(base, companies, 'interviewing');
  await waitUntil(
    'company B in phase 2',
    () => [...b.firstSeen.values()].filter((e) => e.phase === 2).length >= PER_COMPANY,
    120_000,
  );
  const bDoneAt = Date.now();
  // Company A answers again; its failed deliveries wait on the back-off (5 s, then 5 min…): brought forward.
  a.setHang(false);
  await waitUntil(
    'company A after it recovered',
    () => received() >= expected(),
    600_000,
    // Rows a delivery holds are skipped (it is attempting them now): locking them too could deadlock with it.
    () =>
      db.query(
        `update webhook_deliveries set next_attempt_at = now() where id in
           (select id from webhook_deliveries where state = 'pending' for update skip locked)`,
      ),
  );

  const { rows } = await db.query(
    `select count(*)::int as n from webhook_events where type = 'application.status_changed'`,
  );
  const all = [...a.firstSeen.values(), ...b.firstSeen.values()];
  const phase1 = all.filter((e) => e.phase === 1).map((e) => e.latency);
  const bPhase2 = [...b.firstSeen.values()].filter((e) => e.phase === 2).map((e) => e.latency);
  console.log(
    `company B's 500 delivered ${Math.round((bDoneAt - Date.now()) / -1000)} s before company A's backlog cleared`,
  );
  console.log(`repeats dropped by webhook-id: company A ${a.repeats()}, company B ${b.repeats()}`);
  console.log(`delivered: ${received()} of ${rows[0].n}`);
  const p50 = (values) =>
    Math.round(
      percentile(
        [...values].sort((x, y) => x - y),
        50,
      ),
    );
  console.log(`phase 1 delivery p50: ${p50(phase1)} ms, max ${Math.max(...phase1)} ms`);
  console.log(`delivery p99: ${p99(phase1)} ms`);
  console.log(`other company p99 while one receiver hangs: ${p99(bPhase2)} ms`);
  await printStages(db, phase2At);
  if (received() !== rows[0].n) process.exitCode = 1;
} catch (err) {
  console.error(err);
  process.exitCode = 1;
} finally {
  await db?.end();
  await stack?.stop();
  for (const r of receivers) r.close();
}
