import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import {
  jobs,
  webhookAttempts,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from '@hirecast/db/schema';
import { ROLES } from '@hirecast/domain/constants';
import { messages } from '@hirecast/domain/messages';
import { UUID } from '@hirecast/domain/uuid';
import {
  CHAT_EVENT_TYPES,
  WEBHOOK_SECRET_OVERLAP_MS,
  webhookMessages,
  type TCreateWebhookRequest,
  type TUpdateWebhookRequest,
  type TWebhookDelivery,
  type TWebhookEndpoint,
  type TWebhookWithSecret,
} from '@hirecast/domain/webhooks';
import { AppError } from '../../lib/app-error.ts';
import type { TContext } from '../../lib/context.ts';
import { recordTestEvent, WEBHOOK_CHANNEL } from '../../lib/webhooks/outbox.ts';
import { addressAllowed, checkPostUrl, SafeFetchError } from '../../lib/safe-fetch.ts';
import { requireRole, type TCompanyScope } from '../../plugins/auth.ts';
import { newWebhookSecret } from './signing.ts';

// Issue 35 items 2 and 3: a company's webhook endpoints and Slack / Teams channels, for its admins (a session,
// never an API key). Another company's ids answer 404.

type TCtx = Pick<TContext, 'db' | 'config'>;
type TEndpointRow = typeof webhookEndpoints.$inferSelect;

const notFound = () => new AppError('NOT_FOUND', messages.notFound);
const invalid = (field: string, message: string) => new AppError('VALIDATION', message, { [field]: message });

export const assertWebhookAdmin = (scope: TCompanyScope) => requireRole(scope, ROLES.admin);

/** The URL is one we may post to: https (http only to an allowed private address), no private network. */
export async function checkReceiverUrl(ctx: TCtx, kind: TEndpointRow['kind'], link: string): Promise<string> {
  const allow = ctx.config.webhooks.allowPrivate;
  const urlMessage = kind === 'webhook' ? webhookMessages.urlInvalid : webhookMessages.chatUrlInvalid;
  let url: URL;
  try {
    url = checkPostUrl(link, { allowPrivateHosts: allow });
  } catch (err) {
    if (err instanceof SafeFetchError && err.reason === 'address')
      throw invalid('url', webhookMessages.addressRefused);
    throw invalid('url', urlMessage);
  }
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const addresses = isIP(host)
    ? [host]
    : await lookup(host, { all: true, verbatim: true })
        .then((answers) => answers.map((a) => a.address))
        // Not resolvable now (a receiver still being set up): every delivery checks again.
        .catch(() => []);
  if (addresses.some((a) => !addressAllowed(a, allow))) throw invalid('url', webhookMessages.addressRefused);
  const privateAllowed = addresses.length > 0 && addresses.every((a) => addressAllowed(a, allow));
  const onlyAllowedPrivate = privateAllowed && addresses.some((a) => !addressAllowed(a, false));
  if (url.protocol !== 'https:' && !onlyAllowedPrivate) throw invalid('url', webhookMessages.httpsRequired);
  return url.href;
}

async function findEndpoint(ctx: TCtx, scope: TCompanyScope, id: string): Promise<TEndpointRow> {
  if (!UUID.test(id)) throw notFound();
  const [row] = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.id, id), eq(webhookEndpoints.companyId, scope.companyId)));
  if (!row) throw notFound();
  return row;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

async function present(ctx: TCtx, rows: TEndpointRow[]): Promise<TWebhookEndpoint[]> {
  const ids = rows.map((r) => r.id);
  const last =
    ids.length === 0
      ? []
      : await ctx.db
          .selectDistinctOn([webhookDeliveries.endpointId], {
            endpointId: webhookDeliveries.endpointId,
            at: webhookAttempts.createdAt,
            statusCode: webhookAttempts.statusCode,
            error: webhookAttempts.error,
          })
          .from(webhookAttempts)
          .innerJoin(webhookDeliveries, eq(webhookDeliveries.id, webhookAttempts.deliveryId))
          .where(inArray(webhookDeliveries.endpointId, ids))
          .orderBy(webhookDeliveries.endpointId, desc(webhookAttempts.createdAt));
  return rows.map((r) => {
    const l = last.find((x) => x.endpointId === r.id);
    return {
      _id: r.id,
      kind: r.kind as TWebhookEndpoint['kind'],
      url: r.url,
      description: r.description,
      events: r.events,
      jobId: r.jobId,
      idsOnly: r.idsOnly,
      enabled: r.enabled,
      disabledReason: r.disabledReason,
      previousSecretExpiresAt:
        r.previousSecretExpiresAt && r.previousSecretExpiresAt > new Date()
          ? r.previousSecretExpiresAt.toISOString()
          : null,
      lastDelivery: l ? { at: l.at.toISOString(), statusCode: l.statusCode, ok: l.error === null } : null,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

export async function listWebhooks(ctx: TCtx, scope: TCompanyScope) {
  assertWebhookAdmin(scope);
  const rows = await ctx.db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, scope.companyId))
    .orderBy(webhookEndpoints.createdAt);
  return present(ctx, rows);
}

export async function createWebhook(
  ctx: TCtx,
  scope: TCompanyScope,
  body: TCreateWebhookRequest,
): Promise<TWebhookWithSecret> {
  assertWebhookAdmin(scope);
  const isChat = body.kind !== 'webhook';
  if (!isChat && body.events.length === 0) throw invalid('events', webhookMessages.eventsRequired);
  if (body.jobId) {
    const [job] = await ctx.db
      .select({ id: jobs.id })
      .from(jobs)
      .where(and(eq(jobs.id, body.jobId), eq(jobs.companyId, scope.companyId)));
    if (!job) throw invalid('jobId', messages.notFound);
  }
  const url = await checkReceiverUrl(ctx, body.kind, body.url);
  const secret = isChat ? null : newWebhookSecret();
  const [row] = await ctx.db
    .insert(webhookEndpoints)
    .values({
      companyId: scope.companyId,
      kind: body.kind,
      url,
      description: body.description,
      events: isChat ? [...CHAT_EVENT_TYPES] : [...new Set(body.events)],
      jobId: isChat ? body.jobId : null,
      idsOnly: isChat && body.idsOnly,
      secret,
    })
    .returning();
  const [presented] = await present(ctx, [row!]);
  return { ...presented!, secret };
}

export async function updateWebhook(
  ctx: TCtx,
  scope: TCompanyScope,
  id: string,
  body: TUpdateWebhookRequest,
): Promise<TWebhookEndpoint> {
  assertWebhookAdmin(scope);
  const row = await findEndpoint(ctx, scope, id);
  const isChat = row.kind !== 'webhook';
  if (!isChat && body.events && body.events.length === 0)
    throw invalid('events', webhookMessages.eventsRequired);
  const url = body.url === undefined ? undefined : await checkReceiverUrl(ctx, row.kind, body.url);
  const [updated] = await ctx.db
    .update(webhookEndpoints)
    .set({
      ...(url !== undefined && { url }),
      ...(body.description !== undefined && { description: body.description }),
      ...(body.events !== undefined && !isChat && { events: [...new Set(body.events)] }),
      ...(body.idsOnly !== undefined && isChat && { idsOnly: body.idsOnly }),
      ...(body.enabled !== undefined && {
        enabled: body.enabled,
        // Enabled again: a fresh start for the three days.
        ...(body.enabled && { disabledReason: null, failingSince: null }),
      }),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, row.id))
    .returning();
  const [presented] = await present(ctx, [updated!]);
  return presented!;
}

export async function deleteWebhook(ctx: TCtx, scope: TCompanyScope, id: string) {
  assertWebhookAdmin(scope);
  const row = await findEndpoint(ctx, scope, id);
  await ctx.db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, row.id));
}

/** A new secret, shown once; the old one keeps signing beside it for WEBHOOK_SECRET_OVERLAP_MS. */
export async function rotateWebhookSecret(
  ctx: TCtx,
  scope: TCompanyScope,
  id: string,
): Promise<TWebhookWithSecret> {
  assertWebhookAdmin(scope);
  const row = await findEndpoint(ctx, scope, id);
  if (row.kind !== 'webhook') throw notFound();
  const secret = newWebhookSecret();
  const [updated] = await ctx.db
    .update(webhookEndpoints)
    .set({
      secret,
      previousSecret: row.secret,
      previousSecretExpiresAt: new Date(Date.now() + WEBHOOK_SECRET_OVERLAP_MS),
      updatedAt: new Date(),
    })
    .where(eq(webhookEndpoints.id, row.id))
    .returning();
  const [presented] = await present(ctx, [updated!]);
  return { ...presented!, secret };
}

export async function sendTestEvent(ctx: TCtx, scope: TCompanyScope, id: string) {
  assertWebhookAdmin(scope);
  const row = await findEndpoint(ctx, scope, id);
  return ctx.db.transaction((tx) => recordTestEvent(tx, row));
}

/** The same event again, to the same endpoint, with the same `webhook-id`: a new delivery. */
export async function redeliver(ctx: TCtx, scope: TCompanyScope, id: string, deliveryId: string) {
  assertWebhookAdmin(scope);
  const row = await findEndpoint(ctx, scope, id);
  if (!UUID.test(deliveryId)) throw notFound();
  const [found] = await ctx.db
    .select({ eventId: webhookDeliveries.eventId })
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.id, deliveryId), eq(webhookDeliveries.endpointId, row.id)));
  if (!found) throw notFound();
  return ctx.db.transaction(async (tx) => {
    const [delivery] = await tx
      .insert(webhookDeliveries)
      .values({ eventId: found.eventId, endpointId: row.id, companyId: row.companyId })
      .returning({ id: webhookDeliveries.id });
    await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
    return { deliveryId: delivery!.id, eventId: found.eventId };
  });
}

/** The endpoint's delivery log, newest first: each delivery's event and its attempts. */
export async function listDeliveries(
  ctx: TCtx,
  scope: TCompanyScope,
  id: string,
  { limit }: { limit: number },
): Promise<TWebhookDelivery[]> {
  assertWebhookAdmin(scope);
  const row = await findEndpoint(ctx, scope, id);
  const deliveries = await ctx.db
    .select({ d: webhookDeliveries, type: webhookEvents.type })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(eq(webhookDeliveries.endpointId, row.id))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit);
  const ids = deliveries.map((x) => x.d.id);
  const attempts =
    ids.length === 0
      ? []
      : await ctx.db
          .select()
          .from(webhookAttempts)
          .where(inArray(webhookAttempts.deliveryId, ids))
          .orderBy(webhookAttempts.attempt);
  return deliveries.map(({ d, type }) => ({
    _id: d.id,
    eventId: d.eventId,
    eventType: type,
    state: d.state as TWebhookDelivery['state'],
    attempts: attempts
      .filter((a) => a.deliveryId === d.id)
      .map((a) => ({
        attempt: a.attempt,
        statusCode: a.statusCode,
        durationMs: a.durationMs,
        response: a.response,
        error: a.error,
        at: a.createdAt.toISOString(),
      })),
    nextAttemptAt: d.state === 'pending' ? iso(d.nextAttemptAt) : null,
    createdAt: d.createdAt.toISOString(),
  }));
}
