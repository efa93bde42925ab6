import type { FastifyBaseLogger } from 'fastify';
import type { TDb } from '@hirecast/db/client';
import type { TConfig } from '../config.ts';
import type { TSessionStore } from './session-store.ts';
import type { TAiService } from './ai/types.ts';
import type { TGeocoder } from './geocoding/types.ts';
import type { TQueue } from './queue/queue.ts';
import type { TNotifications } from './notifications.ts';

export type TMailMessage = {
  to: string;
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
  /** Issue 26: the candidate's application an email belongs to (their export lists it; erasure removes it). */
  applicationId?: string;
};
export type TMailService = { send: (message: TMailMessage) => Promise<void> };

export type TStoredObject = { key: string; size: number; contentType: string };
// ARCHITECTURE.md: object storage behind one interface; local disk (embedded) or S3.
export type TStorage = {
  driver: 'local' | 's3';
  /** A URL the browser PUTs the file to, valid for `expiresIn` seconds. */
  signPut: (input: { key: string; contentType: string; expiresIn?: number }) => Promise<string>;
  /**
   * A URL the browser GETs the file from, valid for `expiresIn` seconds. With `download`, the file comes as an
   * attachment under that name (Content-Disposition), whatever name it was uploaded with.
   */
  signGet: (input: { key: string; expiresIn?: number; download?: string }) => Promise<string>;
  /** The object's size and first bytes (for the real type), or null when it does not exist. */
  head: (key: string) => Promise<{ size: number; firstBytes: Uint8Array } | null>;
  /** The whole object (small images read back to be resized), or null when it does not exist. */
  read: (key: string) => Promise<Uint8Array | null>;
  put: (input: { key: string; body: Uint8Array; contentType: string }) => Promise<void>;
  /**
   * Streams the object into the local `file` (videos of up to 500 MB never sit in memory); false when the
   * object does not exist, and then no file is left behind.
   */
  download: (key: string, file: string) => Promise<boolean>;
  /** Streams the local `file` into storage as `key`. */
  putFile: (input: { key: string; file: string; contentType: string }) => Promise<void>;
  remove: (key: string) => Promise<void>;
};

// What every service function receives: infrastructure, never imported as a global.
export type TContext = {
  db: TDb;
  config: TConfig;
  mail: TMailService;
  storage: TStorage;
  ai: TAiService;
  geocoder: TGeocoder;
  /** Background jobs: `queue.send('video.process', { assetId })`. */
  queue: TQueue;
  log: FastifyBaseLogger;
  /** Sessions and memberships, read once and cached until a change is announced (decision 016). */
  sessions: TSessionStore;
  /** PostgreSQL NOTIFY from any process: wake-ups for loops that otherwise poll (the webhook relay). */
  notifications: TNotifications;
};
