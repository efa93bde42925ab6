import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TTemplateStatusEvent } from '@hirecast/domain/video-template';
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
  /** Only one template's events (GET /video/{id}/events), and its current status first. */
  template?: { id: string; current: () => Promise<TTemplateStatusEvent> };
}) {
  const { events, companyId, request, reply, open, template } = input;
  reply.hijack();
  const res = reply.raw;
  res.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-cache, no-transform',
    connection: 'keep-alive',
    'x-accel-buffering': 'no',
    'x-request-id': request.id,
  });
  const send = (event: TTemplateStatusEvent) => res.write(`data: ${JSON.stringify(event)}\n\n`);
  const unsubscribe = events.subscribe(companyId, (event) => {
    if (!template || event._id === template.id) send(event);
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
  // Read after listening starts, so a change between the two is not lost (at worst it arrives twice).
  if (template) send(await template.current());
}
