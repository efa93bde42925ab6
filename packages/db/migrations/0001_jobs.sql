CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"short_id" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'closed' NOT NULL,
	"published_at" timestamp with time zone,
	"location" jsonb,
	"post_heading" text DEFAULT '' NOT NULL,
	"description" jsonb,
	"image" text,
	"video" text,
	"employment_type" text DEFAULT 'part-time' NOT NULL,
	"location_type" text DEFAULT 'on location' NOT NULL,
	"salary" jsonb DEFAULT '{"from":null,"to":null,"currency":"GBP","unit":"annually"}'::jsonb NOT NULL,
	"is_hiring_now" boolean DEFAULT false NOT NULL,
	"show_other_jobs" boolean DEFAULT false NOT NULL,
	"show_additional_videos" boolean DEFAULT false NOT NULL,
	"hide_location" boolean DEFAULT false NOT NULL,
	"is_agency_included" boolean DEFAULT false NOT NULL,
	"custom_application" boolean DEFAULT false NOT NULL,
	"custom_application_url" text,
	"is_external_ats_validation" boolean DEFAULT false NOT NULL,
	"is_video_optional" boolean DEFAULT true NOT NULL,
	"video_question" text,
	"custom_question" text,
	"ai_settings" jsonb NOT NULL,
	"ai_description_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"is_first_job" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"total_visits" integer DEFAULT 0 NOT NULL,
	"started_applications" integer DEFAULT 0 NOT NULL,
	"submitted_applications" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "short_urls" (
	"short_id" text PRIMARY KEY NOT NULL,
	"redirect_url" text NOT NULL,
	"company_id" uuid NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_urls" ADD CONSTRAINT "short_urls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "short_urls" ADD CONSTRAINT "short_urls_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_short_id_uq" ON "jobs" USING btree ("short_id");--> statement-breakpoint
CREATE INDEX "jobs_company_order_idx" ON "jobs" USING btree ("company_id","order");--> statement-breakpoint
CREATE INDEX "jobs_company_status_idx" ON "jobs" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "short_urls_company_idx" ON "short_urls" USING btree ("company_id");