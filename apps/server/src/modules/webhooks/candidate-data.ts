import { and, asc, eq } from 'drizzle-orm';
import { webhookDeliveries, webhookEndpoints, webhookEvents } from '@hirecast/db/schema';
import type { TCandidateDataContributor } from '../privacy/index.ts';

const SYSTEM_NAMES = { webhook: 'Webhook', slack: 'Slack', teams: 'Microsoft Teams' } as const;

/**
 * Issue 35 item 4: the candidate's export lists the outside systems their data was sent to, and when (each
 * endpoint's host, Slack or Teams). The erasure itself goes through the outbox: application.erased strips the
 * person from the stored payloads and answers (lib/webhooks/outbox.ts), so there is nothing more to erase here.
 */
export const webhookCandidateData: TCandidateDataContributor = {
  name: 'sharedWith',
  async collect(ctx, application) {
    const rows = await ctx.db
      .select({
        kind: webhookEndpoints.kind,
        url: webhookEndpoints.url,
        type: webhookEvents.type,
        at: webhookDeliveries.deliveredAt,
      })
      .from(webhookDeliveries)
      .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
      .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
      .where(and(eq(webhookEvents.applicationId, application.id), eq(webhookDeliveries.state, 'succeeded')))
      .orderBy(asc(webhookDeliveries.deliveredAt));
    return {
      data: rows.map((r) => ({
        system: SYSTEM_NAMES[r.kind as keyof typeof SYSTEM_NAMES] ?? r.kind,
        host: new URL(r.url).host,
        event: r.type,
        sentAt: r.at?.toISOString() ?? null,
      })),
      files: [],
    };
  },
  erase: async () => [],
};
