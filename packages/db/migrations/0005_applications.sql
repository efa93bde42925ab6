CREATE TABLE "applications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"position" text,
	"location" text,
	"social_network_link" text,
	"experience" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"education" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"custom_question" text,
	"video_question" text,
	"cv_key" text,
	"cv_file_name" text,
	"video_asset_id" uuid,
	"manage_token_hash" text NOT NULL,
	"utm_source" text,
	"utm_campaign" text,
	"utm_medium" text,
	"note_count" integer DEFAULT 0 NOT NULL,
	"mark_avg" real,
	"ai_fit_score" real,
	"withdrawn_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_tracking_events" (
	"job_id" uuid NOT NULL,
	"event" text NOT NULL,
	"session_id" text NOT NULL,
	"utm_source" text,
	"utm_campaign" text,
	"utm_medium" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_tracking_events_job_id_event_session_id_pk" PRIMARY KEY("job_id","event","session_id")
);
--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "applications" ADD CONSTRAINT "applications_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_tracking_events" ADD CONSTRAINT "job_tracking_events_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "applications_job_email_uq" ON "applications" USING btree ("job_id","email");--> statement-breakpoint
CREATE UNIQUE INDEX "applications_manage_token_uq" ON "applications" USING btree ("manage_token_hash");--> statement-breakpoint
CREATE INDEX "applications_job_sent_idx" ON "applications" USING btree ("job_id","sent_at");--> statement-breakpoint
CREATE INDEX "applications_company_idx" ON "applications" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "job_tracking_events_source_idx" ON "job_tracking_events" USING btree ("utm_source","utm_campaign") WHERE "job_tracking_events"."utm_source" is not null;