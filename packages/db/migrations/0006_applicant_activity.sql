CREATE TABLE "application_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"event_name" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_letter_sent" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_marks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid NOT NULL,
	"mark" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"author_id" uuid,
	"text" text NOT NULL,
	"is_feedback" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_letters" (
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_letters_company_id_kind_pk" PRIMARY KEY("company_id","kind")
);
--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_history" ADD CONSTRAINT "application_history_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_marks" ADD CONSTRAINT "application_marks_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_marks" ADD CONSTRAINT "application_marks_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_notes" ADD CONSTRAINT "application_notes_author_id_users_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_letters" ADD CONSTRAINT "company_letters_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_history_application_idx" ON "application_history" USING btree ("application_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_marks_author_uq" ON "application_marks" USING btree ("application_id","author_id");--> statement-breakpoint
CREATE INDEX "application_notes_application_idx" ON "application_notes" USING btree ("application_id","created_at");--> statement-breakpoint
-- Hand-written (issue 6): the applicants list's indexes. Filter by status in sentAt order; sort by rating
-- (the average mark, else the AI score; unrated last both ways, so one index per direction); search the full
-- name or email with a trigram index (ILIKE '%term%'), which needs pg_trgm (trusted since PostgreSQL 13; PGlite
-- loads it from its contrib bundle, see src/client.ts). bench/applicants-list.mjs measures them.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "applications_job_status_sent_idx" ON "applications" USING btree ("job_id","status","sent_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "applications_search_trgm_idx" ON "applications" USING gin (lower("first_name" || ' ' || "last_name" || ' ' || "email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_job_rating_high_idx" ON "applications" USING btree ("job_id",(coalesce("mark_avg","ai_fit_score")) DESC NULLS LAST,"sent_at" DESC,"id" DESC);--> statement-breakpoint
CREATE INDEX "applications_job_rating_low_idx" ON "applications" USING btree ("job_id",(coalesce("mark_avg","ai_fit_score")) ASC NULLS LAST,"sent_at" DESC,"id" DESC);
