import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TVideoEvents } from './events.ts';

const HEARTBEAT_MS = 25_000;

// Server-sent events (EventSource in the browser, which sends the session cookie). The reply is taken over:
// the stream stays open until the client goes; a comment every 25 s keeps proxies from closing it.
export async function streamTemplateEvents(input: {
  events: TVideoEvents;
  companyId: string;
  request: FastifyRequest;
  reply: FastifyReply;
  /** Open streams, ended when the app closes (an open stream would keep the server from closing). */
  open: Set<{ end: () => void }>;
}) {
  const { events, companyId, request, reply, open } = input;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const unsubscribe = events.subscribe(companyId, (event) => {
    res.write(`data: ${JSON.stringify(event)}\n\n`);
  });
  const heartbeat = setInterval(() => res.write(': ping\n\n'), HEARTBEAT_MS);
  const stream = { end: () => res.end() };
  open.add(stream);
  const end = () => {
    clearInterval(heartbeat);
    unsubscribe();
    open.delete(stream);
  };
  request.raw.on('close', end);
  res.on('close', end);
  await events.ready().catch((err: unknown) => request.log.warn({ err }, 'video events not live'));
  res.write('retry: 3000\n: connected\n\n');
}
