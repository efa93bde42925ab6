import type { TDb } from '@hirecast/db/client';
import type { TAuthUser } from '../../plugins/auth.ts';
import type { TTx } from '../jobs/active-jobs.ts';
import { ACTOR_ASSISTANT, ACTOR_CANDIDATE, recordHistory } from '../applications/record-history.ts';

// Issue 25 item 2: the application's history records the invitation, reminders, the start, each answer and
// the completion (and the team's extensions, re-openings and accommodations), as 'interview' events.

export type TInterviewActor = TAuthUser | 'candidate' | 'assistant';

export async function recordInterviewEvent(
  db: TDb | TTx,
  input: {
    applicationId: string;
    actor: TInterviewActor;
    title: string;
    text?: string;
    isLetterSent?: boolean;
  },
) {
  const actor =
    input.actor === 'candidate'
      ? { id: null, name: ACTOR_CANDIDATE }
      : input.actor === 'assistant'
        ? { id: null, name: ACTOR_ASSISTANT }
        : input.actor;
  return recordHistory(db, {
    applicationId: input.applicationId,
    actor,
    eventName: 'interview',
    details: { title: input.title, ...(input.text !== undefined && { text: input.text }) },
    isLetterSent: input.isLetterSent ?? false,
  });
}

/** A date as letters and history entries write it: 12 December 2026, 17:00 UTC. */
export const formatDeadline = (date: Date) =>
  `${date.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' })}, ${date.toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit', timeZone: 'UTC' })} UTC`;
