import { spawn, type ChildProcess } from 'node:child_process';
import { createServer as createHttpServer, request, type IncomingMessage, type Server } from 'node:http';
import { createServer as createNetServer } from 'node:net';
import { join, resolve } from 'node:path';
import { createEmptyDatabase } from '@hirecast/db/test-database';
import { testConfig } from './test-config.ts';

// The pieces of multi-process.test.ts: real processes (`node apps/server/src/main.ts`, `worker.ts`), a fresh
// PostgreSQL database and a round-robin HTTP proxy standing for the load balancer.

const root = resolve(import.meta.dirname, '../../../..');
const node = join(root, 'node_modules/.bin/node');

export async function freePort(): Promise<number> {
  const server = createNetServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

/** A new empty database on the server of `baseUrl` (nothing migrated: the processes do it at start). */
export const freshDatabase = (baseUrl: string) => createEmptyDatabase(baseUrl, 'hc_multi');

export type TProcess = {
  name: string;
  child: ChildProcess;
  port?: number;
  output: () => string;
  exited: Promise<number | null>;
  stop: (signal?: NodeJS.Signals) => Promise<number | null>;
};

/** Starts `script` (relative to the repository) as a child process; its output is kept for failure reports. */
export function startProcess(name: string, script: string, env: Record<string, string>, port?: number) {
  const child = spawn(node, [script], {
    cwd: root,
    env: {
      ...testConfig.childEnv(),
      ...testConfig.videoEnv,
      ...env,
      ...(port !== undefined && { PORT: String(port), HOST: '127.0.0.1' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk) => (output += String(chunk)));
  child.stderr!.on('data', (chunk) => (output += String(chunk)));
  // 'close', not 'exit': a process can exit before its last output is read, and tests read it after `stop`.
  const exited = new Promise<number | null>((r) => child.on('close', (code) => r(code)));
  const stop = async (signal: NodeJS.Signals = 'SIGTERM') => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return { name, child, port, output: () => output, exited, stop } satisfies TProcess;
}

/** Waits until the API answers /readyz (or its process ends, which fails with its output). */
export async function waitReady(api: TProcess, timeoutMs = 90_000) {
  const end = Date.now() + timeoutMs;
  while (Date.now() < end) {
    if (api.child.exitCode !== null) throw new Error(`${api.name} exited:\n${api.output()}`);
    const ok = await fetch(`http://127.0.0.1:${api.port}/readyz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${api.name} not ready in ${timeoutMs} ms:\n${api.output()}`);
}

export type TServed = { target: string; method: string; path: string; status: number };

/**
 * A round-robin HTTP proxy over `targets`, as a load balancer with health checks would be: a target that refuses
 * the connection (its process is gone) is skipped and the request goes to the next one. Bodies are buffered so
 * a refused request can be sent again. `served` lists who answered what.
 */
export async function startProxy(targets: { name: string; port: number }[]) {
  const served: TServed[] = [];
  let next = 0;
  const forward = (port: number, incoming: IncomingMessage, body: Buffer) =>
    new Promise<IncomingMessage>((resolveAnswer, reject) => {
      const outgoing = request(
        {
          host: '127.0.0.1',
          port,
          method: incoming.method,
          path: incoming.url,
          headers: { ...incoming.headers, 'content-length': String(body.length), connection: 'close' },
          agent: false,
        },
        resolveAnswer,
      );
      outgoing.on('error', reject);
      outgoing.end(body);
    });
  const server: Server = createHttpServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    for (let tries = 0; tries < targets.length; tries++) {
      const target = targets[next++ % targets.length]!;
      let answer: IncomingMessage;
      try {
        answer = await forward(target.port, req, body);
      } catch {
        continue; // refused: that process is gone, the next one takes it
      }
      const path = (req.url ?? '').split('?')[0]!;
      served.push({ target: target.name, method: req.method ?? '', path, status: answer.statusCode ?? 0 });
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
      return;
    }
    res.writeHead(502).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    served,
    close: () => new Promise((r) => server.close(r)),
  };
}
