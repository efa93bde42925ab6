import { applicationHistory, type THistoryDetailsJson } from '@hirecast/db/schema';
import type { TDb, TTx } from '@hirecast/db/client';
import type { THistoryItem } from '@hirecast/domain/applicants';
import type { TAuthUser } from '../../plugins/auth.ts';

// spec 2 §3 History item: every status change and every email, with who did it. Kept free of the other
// application modules so that the candidate side (public-apply) and the AI screening can record too.

export type THistoryEventName = THistoryItem['event']['eventName'];
export type THistoryRow = typeof applicationHistory.$inferSelect;

/** Who did it, as the history shows it (spec 2 §3 changedBy). */
export const ACTOR_CANDIDATE = 'Candidate';
export const ACTOR_ASSISTANT = 'Hirecast assistant';
export const memberName = (user: Pick<TAuthUser, 'firstName' | 'lastName'>) =>
  `${user.firstName} ${user.lastName}`.trim();

/**
 * Writes one history item. The actor is a member (their name as it is now), or null with ACTOR_CANDIDATE or
 * ACTOR_ASSISTANT for what the candidate or the automatic screening did.
 */
export async function recordHistory(
  db: TDb | TTx,
  input: {
    applicationId: string;
    actor: TAuthUser | { id: null; name: string };
    eventName: THistoryEventName;
    details?: THistoryDetailsJson;
    isLetterSent?: boolean;
  },
): Promise<THistoryRow> {
  const { actor } = input;
  const [row] = await db
    .insert(applicationHistory)
    .values({
      applicationId: input.applicationId,
      actorId: actor.id,
      actorName: 'name' in actor ? actor.name : memberName(actor),
      eventName: input.eventName,
      details: input.details ?? {},
      isLetterSent: input.isLetterSent ?? false,
    })
    .returning();
  return row!;
}
