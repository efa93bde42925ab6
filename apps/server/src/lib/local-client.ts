import type { IncomingMessage } from 'node:http';

// A request from this very computer: the socket's peer is a loopback address and nothing forwarded it.
// The forwarding check matters because a reverse proxy on the same host connects from loopback for every
// visitor; whatever TRUST_PROXY says, a forwarded request is never "local".
const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/i;
const FORWARDING_HEADERS = [
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
  'x-client-ip',
  'true-client-ip',
  'cf-connecting-ip',
  'via',
];

export function isLocalClient(raw: IncomingMessage): boolean {
  if (!LOOPBACK.test(raw.socket.remoteAddress ?? '')) return false;
  return FORWARDING_HEADERS.every((name) => raw.headers[name] === undefined);
}
