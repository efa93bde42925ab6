CREATE TABLE "candidate_uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid,
	"apply_session" text,
	"application_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "candidate_uploads" ADD CONSTRAINT "candidate_uploads_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "candidate_uploads" ADD CONSTRAINT "candidate_uploads_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "candidate_uploads_application_idx" ON "candidate_uploads" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "candidate_uploads_session_idx" ON "candidate_uploads" USING btree ("job_id","apply_session");--> statement-breakpoint
CREATE INDEX "candidate_uploads_created_idx" ON "candidate_uploads" USING btree ("created_at");--> statement-breakpoint
--
-- Emails sent before this release that name a candidate but were stored without their application: the
-- interview invitations and reminders (to the candidate) and the team's "New application for …: <name>"
-- notifications. Each is given to the one application it matches; a row that matches none or several is left.

-- Interview letters: the history keeps each one sent (event 'interview', is_letter_sent) at the same moment, for
-- the application whose address the letter went to.
update outbox_emails o
set application_id = m.application_id
from (
  select o2.id, min(h.application_id::text)::uuid as application_id
  from outbox_emails o2
  join applications a on a.email = o2."to"
  join application_history h
    on h.application_id = a.id
   and h.event_name = 'interview'
   and h.is_letter_sent
   and abs(extract(epoch from (o2.created_at - h.created_at))) < 120
  where o2.application_id is null
  group by o2.id
  having count(distinct h.application_id) = 1
) m
where o.id = m.id;
--> statement-breakpoint

-- The team's notification of a new application: its subject names the job and the candidate, sent just after.
update outbox_emails o
set application_id = m.application_id
from (
  select o2.id, min(a.id::text)::uuid as application_id
  from outbox_emails o2
  join applications a
    on o2.subject = 'New application for ' || (select j.title from jobs j where j.id = a.job_id) || ': '
         || a.first_name || ' ' || a.last_name
   and a.sent_at is not null
   and o2.created_at between a.sent_at and a.sent_at + interval '10 minutes'
  where o2.application_id is null
  group by o2.id
  having count(distinct a.id) = 1
) m
where o.id = m.id;
