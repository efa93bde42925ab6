import { sql } from 'drizzle-orm';
import type { TDb } from '@hirecast/db/client';
import type { TPrivacyAuditDetailsJson } from '@hirecast/db/schema';
import type { TAuditAction } from '@hirecast/domain/privacy';

// Issue 26 item 4: who saw or changed what of a candidate, when and from which address. It sits below the modules
// (like logging) so that every module that shows or changes a candidate records through this one function
// without depending on the privacy module, which reads and erases these records.

type TAuditActor = { id: string | null; name: string };
type TTxLike = Pick<TDb, 'execute'>;

export const ACTOR_RETENTION_RULE = 'Retention rule';
export const auditActorOf = (user: { id: string; firstName: string; lastName: string }): TAuditActor => ({
  id: user.id,
  name: `${user.firstName} ${user.lastName}`.trim(),
});

/**
 * A member's reads of one applicant within this many minutes of their last recorded view are that same view: the
 * applicant page reads the applicant again on focus and after every change made on it, which is not someone
 * looking again. A view after the window, or by someone else, is recorded.
 */
export const VIEW_WINDOW_MINUTES = 10;
/** The reads counted once per window: the applicant, and (issue 34) the transcripts of their videos. */
const WINDOWED = new Set<TAuditAction>(['view', 'transcript_view']);

/**
 * Records one event about an application of `companyId`, copying the candidate's name and email as they are now
 * (erasure clears them later). Nothing is written when the application is not the company's, nor for a 'view'
 * (or a 'transcript_view') within VIEW_WINDOW_MINUTES of the same person's last one of it. `ip` is the request's address as Fastify
 * resolves it (the forwarded one only behind TRUST_PROXY).
 */
export async function recordAudit(
  db: TTxLike,
  input: {
    companyId: string;
    applicationId: string;
    action: TAuditAction;
    actor: TAuditActor;
    ip: string | null;
    details?: TPrivacyAuditDetailsJson;
  },
) {
  await db.execute(sql`
    insert into privacy_audit_events
      (company_id, application_id, subject_name, subject_email, action, actor_id, actor_name, ip, details)
    select a.company_id, a.id,
      case when r.anonymised_at is null then a.first_name || ' ' || a.last_name end,
      case when r.anonymised_at is null then a.email end,
      ${input.action}, ${input.actor.id}, ${input.actor.name}, ${input.ip},
      ${JSON.stringify(input.details ?? {})}::jsonb
    from applications a
    left join application_retention r on r.application_id = a.id
    where a.id = ${input.applicationId} and a.company_id = ${input.companyId}
      and not (${WINDOWED.has(input.action) && input.actor.id !== null} and exists (
        select 1 from privacy_audit_events e
        where e.application_id = a.id and e.action = ${input.action} and e.actor_id = ${input.actor.id}
          and e.created_at > now() - make_interval(mins => ${VIEW_WINDOW_MINUTES})))`);
}
