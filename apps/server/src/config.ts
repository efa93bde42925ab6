import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { z } from 'zod';

const bool = z
  .enum(['true', 'false', '1', '0', ''])
  .transform((v) => v === 'true' || v === '1')
  .optional();
const optionalString = z
  .string()
  .optional()
  .transform((v) => (v ? v : undefined));

// Every variable the server reads. .env.example documents each of them.
const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: optionalString.pipe(z.url().optional()),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalString.pipe(z.url().optional()),
  SEED_DEMO: bool,
  SEED_ONBOARDING: bool,
  SESSION_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  APP_SECRET: optionalString.pipe(z.string().min(32).optional()),
  STORAGE_DRIVER: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: optionalString,
  S3_REGION: z.string().default('us-east-1'),
  S3_ENDPOINT: optionalString.pipe(z.url().optional()),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  S3_FORCE_PATH_STYLE: bool,
  SMTP_URL: optionalString.pipe(z.url().optional()),
  MAIL_FROM: z.string().default('Hirecast <no-reply@hirecast.local>'),
  CONTACT_EMAIL: z.string().default('support@hirecast.local'),
  GOOGLE_CLIENT_ID: optionalString,
  GOOGLE_CLIENT_SECRET: optionalString,
  GOOGLE_ISSUER: z.url().default('https://accounts.google.com'),
  RATE_LIMIT_DISABLED: bool,
  // Issue 35: requests a minute each API key may make (decision 036).
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(400),
  AI_BASE_URL: optionalString.pipe(z.url().optional()),
  AI_API_KEY: optionalString,
  AI_MODEL: z.string().default('gpt-4o-mini'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(300_000).default(30_000),
  // Issue 34: an OpenAI-compatible speech engine (POST {TRANSCRIBE_BASE_URL}/audio/transcriptions).
  TRANSCRIBE_BASE_URL: optionalString.pipe(z.url().optional()),
  TRANSCRIBE_API_KEY: optionalString,
  TRANSCRIBE_MODEL: z.string().min(1).default('whisper-1'),
  TRANSCRIBE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(1_800_000).default(300_000),
  TRANSCRIBE_MONTHLY_MINUTES: z.coerce.number().int().min(0).max(10_000_000).default(0),
  GEOCODING_PROVIDER: z.enum(['nominatim', 'photon']).default('nominatim'),
  GEOCODING_URL: optionalString.pipe(z.url().optional()),
  GEOCODING_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(5_000),
  GEOCODING_USER_AGENT: optionalString,
  WEB_DIST_DIR: optionalString,
  SITE_DIST_DIR: optionalString,
  FFMPEG_PATH: optionalString,
  FFPROBE_PATH: optionalString,
  VIDEO_PRESET: z
    .enum(['ultrafast', 'superfast', 'veryfast', 'faster', 'fast', 'medium'])
    .default('veryfast'),
  // Decision 039: videos processed at once per lane by this process, and at most of one company.
  VIDEO_CONCURRENCY: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(64).optional()),
  VIDEO_CONCURRENCY_PER_COMPANY: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(64).optional()),
  // Decision 039: ffmpeg below the API's priority; 'false' runs it at the API's (a machine whose every process
  // is batch work, such as the test gate, where video work at niceness 19 would wait behind everything else).
  VIDEO_LOWER_PRIORITY: bool,
  QUEUE_INPROCESS: bool,
  STRIPE_SECRET_KEY: optionalString,
  STRIPE_WEBHOOK_SECRET: optionalString,
  STRIPE_API_HOST: optionalString,
  STRIPE_API_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  STRIPE_API_PROTOCOL: z.enum(['http', 'https']).optional(),
  PATH: z.string().default(''),
  // Deployment safety (issue 12): which proxies may name the client, the dev mailbox, the API docs.
  TRUST_PROXY: optionalString,
  DEV_MAILBOX: z.enum(['on', 'off', 'auto']).default('auto'),
  API_DOCS: bool,
  // Operations (issue 24): who may read GET /metrics besides this computer, the worker's metrics port, and how
  // long a stopping process gives the work in hand.
  METRICS_TOKEN: optionalString.pipe(z.string().min(16).max(200).optional()),
  WORKER_METRICS_PORT: optionalString
    .transform((v) => (v === undefined ? undefined : Number(v)))
    .pipe(z.number().int().min(1).max(65535).optional()),
  SHUTDOWN_GRACE_MS: z.coerce.number().int().min(0).max(600_000).default(25_000),
  // Issue 35: private addresses and CIDR ranges webhooks may reach (receivers inside the operator's network),
  // and how long one delivery may take.
  WEBHOOK_ALLOW_PRIVATE: optionalString,
  WEBHOOK_TIMEOUT_MS: z.coerce.number().int().min(1000).max(60_000).default(10_000),
});

// TRUST_PROXY: unset (trust no proxy: the socket's address is the client), a hop count, or the proxies'
// addresses and CIDR ranges (proxy-addr's loopback, linklocal and uniquelocal names too). Never `true`:
// trusting every hop would let any client choose its address with X-Forwarded-For. A hop count trusts
// whoever connects, so it fits only an app that nothing but its proxies can reach; Fastify ignores a bare
// number (fails closed), hence the function: hop 0 is the socket's peer, 1 the last X-Forwarded-For entry.
const PROXY_NAMES = ['loopback', 'linklocal', 'uniquelocal'];
const isProxyAddress = (entry: string) => {
  if (PROXY_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (!family || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128);
};
type TTrustProxy = false | string[] | ((address: string, hop: number) => boolean);
function parseTrustProxy(value: string | undefined): TTrustProxy {
  if (!value || value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) {
    const hops = Number(value);
    return hops > 0 ? (_address: string, hop: number) => hop < hops : false;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const wrong = entries.find((entry) => !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new Error(
      `Invalid configuration:\n  TRUST_PROXY: "${wrong}" is neither a hop count nor an address or CIDR range`,
    );
  return entries;
}

function parseAllowPrivate(value: string | undefined): string[] {
  if (!value) return [];
  const entries = value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  const wrong = entries.find((entry) => PROXY_NAMES.includes(entry) || !isProxyAddress(entry));
  if (wrong !== undefined)
    throw new Error(
      `Invalid configuration:\n  WEBHOOK_ALLOW_PRIVATE: "${wrong}" is neither an address nor a CIDR range`,
    );
  return entries;
}

export type TConfig = ReturnType<typeof loadConfig>;

const devMailboxAccess = (
  mode: 'on' | 'off' | 'auto',
  { isProduction, hasSmtp }: { isProduction: boolean; hasSmtp: boolean },
): 'on' | 'off' | 'local' => (mode !== 'auto' ? mode : isProduction || hasSmtp ? 'off' : 'local');

// The HMAC secret for signed URLs: APP_SECRET, else one generated once and kept in DATA_DIR so that
// signed URLs survive a restart of the embedded set-up.
function resolveSecret(dataDir: string, given?: string): string {
  if (given) return given;
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, 'app-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const secret = randomBytes(32).toString('hex');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const parsed = ZEnv.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Invalid configuration:\n${lines}`);
  }
  const e = parsed.data;
  if (e.STORAGE_DRIVER === 's3' && !e.S3_BUCKET)
    throw new Error('Invalid configuration:\n  S3_BUCKET is required');
  // A Stripe key without the webhook secret would take payments that never reach a subscription.
  if (e.STRIPE_SECRET_KEY && !e.STRIPE_WEBHOOK_SECRET)
    throw new Error('Invalid configuration:\n  STRIPE_WEBHOOK_SECRET is required with STRIPE_SECRET_KEY');
  // Twice the cores: a copied recording keeps less than one core busy (one thread encodes its sound, the rest is
  // waiting on storage and the database). One company may hold every slot but one, so another company's video
  // always finds one free at once (decision 039).
  const videoConcurrency = e.VIDEO_CONCURRENCY ?? 2 * availableParallelism();
  const videoPerCompany = e.VIDEO_CONCURRENCY_PER_COMPANY ?? Math.max(1, videoConcurrency - 1);
  if (videoPerCompany > videoConcurrency)
    throw new Error(
      'Invalid configuration:\n  VIDEO_CONCURRENCY_PER_COMPANY cannot be more than VIDEO_CONCURRENCY',
    );
  const dataDir = resolve(e.DATA_DIR);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  const isProduction = e.NODE_ENV === 'production';
  return {
    env: e.NODE_ENV,
    isProduction,
    port: e.PORT,
    host: e.HOST,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    seedDemo: e.SEED_DEMO ?? true,
    seedOnboarding: e.SEED_ONBOARDING ?? true,
    sessionTtlDays: e.SESSION_TTL_DAYS,
    // On PostgreSQL several processes (machines) share the database, and the generated secret with it: left
    // empty here, filled by resolveAppSecret at start (lib/app-secret.ts).
    secret: e.APP_SECRET ?? (e.DATABASE_URL ? '' : resolveSecret(dataDir, undefined)),
    storage: {
      driver: e.STORAGE_DRIVER,
      localDir: join(dataDir, 'storage'),
      s3: {
        bucket: e.S3_BUCKET ?? '',
        region: e.S3_REGION,
        endpoint: e.S3_ENDPOINT,
        accessKeyId: e.S3_ACCESS_KEY_ID,
        secretAccessKey: e.S3_SECRET_ACCESS_KEY,
        forcePathStyle: e.S3_FORCE_PATH_STYLE ?? Boolean(e.S3_ENDPOINT),
      },
    },
    mail: { smtpUrl: e.SMTP_URL, from: e.MAIL_FROM, contactTo: e.CONTACT_EMAIL },
    google:
      e.GOOGLE_CLIENT_ID && e.GOOGLE_CLIENT_SECRET
        ? { clientId: e.GOOGLE_CLIENT_ID, clientSecret: e.GOOGLE_CLIENT_SECRET, issuer: e.GOOGLE_ISSUER }
        : undefined,
    rateLimitDisabled: e.RATE_LIMIT_DISABLED ?? false,
    apiKeys: { requestsPerMinute: e.API_KEY_RATE_LIMIT },
    // Embedded offline composer unless AI_BASE_URL points at an OpenAI-compatible endpoint.
    ai: { baseUrl: e.AI_BASE_URL, apiKey: e.AI_API_KEY, model: e.AI_MODEL, timeoutMs: e.AI_TIMEOUT_MS },
    // Issue 34: no engine (TRANSCRIBE_BASE_URL empty) means no transcription: nothing is queued. A company's
    // monthly minutes are capped at `monthlyMinutes` (0: no cap). Decision 034.
    transcribe: e.TRANSCRIBE_BASE_URL
      ? {
          baseUrl: e.TRANSCRIBE_BASE_URL,
          apiKey: e.TRANSCRIBE_API_KEY,
          model: e.TRANSCRIBE_MODEL,
          timeoutMs: e.TRANSCRIBE_TIMEOUT_MS,
          monthlyMinutes: e.TRANSCRIBE_MONTHLY_MINUTES,
        }
      : undefined,
    // Embedded offline gazetteer unless GEOCODING_URL points at a Nominatim or Photon server.
    geocoding: {
      provider: e.GEOCODING_PROVIDER,
      url: e.GEOCODING_URL,
      timeoutMs: e.GEOCODING_TIMEOUT_MS,
      userAgent: e.GEOCODING_USER_AGENT ?? `Hirecast (${publicUrl})`,
    },
    // ffmpeg/ffprobe: the configured paths, else the first on PATH (docs/decisions/010-queue-and-video.md).
    // VIDEO_PRESET: the x264 preset of the transcodes and renders (the tests take 'ultrafast': same files,
    // a third less CPU; docs/decisions/032-test-encoder-preset.md).
    video: {
      ffmpegPath: e.FFMPEG_PATH,
      ffprobePath: e.FFPROBE_PATH,
      searchPath: e.PATH,
      preset: e.VIDEO_PRESET,
      lowerPriority: e.VIDEO_LOWER_PRIORITY ?? true,
      // Each lane (playable, renditions) runs `concurrency` videos at once in this process (API or worker: each
      // reads its own environment), at most `perCompany` of one company's, so another company always finds a
      // slot (decision 039).
      lanes: { concurrency: videoConcurrency, perCompany: videoPerCompany },
    },
    // Payments: Stripe when STRIPE_SECRET_KEY is set, else the embedded test checkout and portal. The API
    // host/port/protocol point the SDK at a Stripe-compatible server (tests).
    stripe: e.STRIPE_SECRET_KEY
      ? {
          secretKey: e.STRIPE_SECRET_KEY,
          webhookSecret: e.STRIPE_WEBHOOK_SECRET ?? '',
          host: e.STRIPE_API_HOST,
          port: e.STRIPE_API_PORT,
          protocol: e.STRIPE_API_PROTOCOL,
        }
      : undefined,
    // The API process also runs the background jobs (the embedded default); false leaves them to workers.
    queue: { inProcess: e.QUEUE_INPROCESS ?? true },
    // The built employer app; WEB_DIST_DIR points elsewhere (used to test two builds side by side).
    webDist: e.WEB_DIST_DIR ? resolve(e.WEB_DIST_DIR) : resolve(import.meta.dirname, '../../web/dist'),
    // The built public site (apps/site: dist/client for browsers, dist/server for rendering); without it job
    // pages are served with a plain server-rendered body.
    siteDist: e.SITE_DIST_DIR ? resolve(e.SITE_DIST_DIR) : resolve(import.meta.dirname, '../../site/dist'),
    // Fastify's trustProxy: false, a hop count, or the trusted proxies' addresses.
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    // The outbox page (password-reset links!): 'local' serves it to this computer only (auto: outside
    // production while no SMTP server is configured), 'on' to everyone, 'off' to no one.
    devMailbox: devMailboxAccess(e.DEV_MAILBOX, { isProduction, hasSmtp: Boolean(e.SMTP_URL) }),
    // OpenAPI document and browser at /api/docs: on by default outside production.
    apiDocs: e.API_DOCS ?? !isProduction,
    // GET /metrics: served to this computer (unforwarded), and to whoever sends `Authorization: Bearer <token>`.
    // A worker serves it on `workerPort` when set.
    metrics: { token: e.METRICS_TOKEN, workerPort: e.WORKER_METRICS_PORT },
    // On SIGTERM: requests in flight and running jobs get this long; then jobs go back to the queue for another
    // worker and the process exits.
    shutdownGraceMs: e.SHUTDOWN_GRACE_MS,
    // Issue 35 (decision 037): webhook deliveries go through the guarded fetch; these private addresses and
    // ranges are let through (the default: none).
    webhooks: { allowPrivate: parseAllowPrivate(e.WEBHOOK_ALLOW_PRIVATE), timeoutMs: e.WEBHOOK_TIMEOUT_MS },
  };
}
