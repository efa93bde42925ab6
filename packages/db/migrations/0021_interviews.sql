CREATE TABLE "interview_answers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"question_id" uuid NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"prep_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"takes_used" integer DEFAULT 0 NOT NULL,
	"submitted_at" timestamp with time zone,
	"text" text,
	"choice_index" smallint,
	"file_key" text,
	"file_name" text,
	"file_type" text,
	"take_id" uuid,
	"rating_avg" real,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_ratings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"answer_id" uuid NOT NULL,
	"user_id" uuid,
	"share_id" uuid,
	"rater_name" text NOT NULL,
	"stars" smallint NOT NULL,
	"comment" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"via" text NOT NULL,
	"questions" jsonb NOT NULL,
	"practice_question" boolean DEFAULT false NOT NULL,
	"token_salt" text NOT NULL,
	"token_hash" text NOT NULL,
	"deadline" timestamp with time zone,
	"accommodation" text DEFAULT 'none' NOT NULL,
	"invited_at" timestamp with time zone DEFAULT now() NOT NULL,
	"invited_by" uuid,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"reminder_sent_at" timestamp with time zone,
	"score" real,
	"answered_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "interview_shares" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"session_id" uuid NOT NULL,
	"token_salt" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"hide_name" boolean DEFAULT false NOT NULL,
	"hide_email" boolean DEFAULT false NOT NULL,
	"hide_cv" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "interview_takes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"answer_id" uuid NOT NULL,
	"n" integer NOT NULL,
	"status" text DEFAULT 'recording' NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"stop_by" timestamp with time zone,
	"upload_id" text,
	"video_asset_id" uuid,
	"duration" real,
	"saved_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "interviews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"job_id" uuid NOT NULL,
	"in_apply" boolean DEFAULT false NOT NULL,
	"as_stage" boolean DEFAULT true NOT NULL,
	"practice_question" boolean DEFAULT false NOT NULL,
	"questions" jsonb NOT NULL,
	"updated_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_questions" ADD COLUMN "interview" jsonb;--> statement-breakpoint
ALTER TABLE "interview_answers" ADD CONSTRAINT "interview_answers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_answers" ADD CONSTRAINT "interview_answers_session_id_interview_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."interview_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_ratings" ADD CONSTRAINT "interview_ratings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_ratings" ADD CONSTRAINT "interview_ratings_answer_id_interview_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."interview_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_ratings" ADD CONSTRAINT "interview_ratings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_ratings" ADD CONSTRAINT "interview_ratings_share_id_interview_shares_id_fk" FOREIGN KEY ("share_id") REFERENCES "public"."interview_shares"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_sessions" ADD CONSTRAINT "interview_sessions_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_sessions" ADD CONSTRAINT "interview_sessions_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_sessions" ADD CONSTRAINT "interview_sessions_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_sessions" ADD CONSTRAINT "interview_sessions_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_shares" ADD CONSTRAINT "interview_shares_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_shares" ADD CONSTRAINT "interview_shares_session_id_interview_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."interview_sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_shares" ADD CONSTRAINT "interview_shares_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_takes" ADD CONSTRAINT "interview_takes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_takes" ADD CONSTRAINT "interview_takes_answer_id_interview_answers_id_fk" FOREIGN KEY ("answer_id") REFERENCES "public"."interview_answers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interview_takes" ADD CONSTRAINT "interview_takes_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "interviews" ADD CONSTRAINT "interviews_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_answers_current_uq" ON "interview_answers" USING btree ("session_id","question_id") WHERE "interview_answers"."superseded_at" is null;--> statement-breakpoint
CREATE INDEX "interview_answers_question_idx" ON "interview_answers" USING btree ("question_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_ratings_member_uq" ON "interview_ratings" USING btree ("answer_id","user_id") WHERE "interview_ratings"."user_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_ratings_guest_uq" ON "interview_ratings" USING btree ("answer_id","share_id") WHERE "interview_ratings"."share_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_sessions_application_uq" ON "interview_sessions" USING btree ("application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_sessions_token_uq" ON "interview_sessions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "interview_sessions_job_idx" ON "interview_sessions" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "interview_sessions_deadline_idx" ON "interview_sessions" USING btree ("deadline") WHERE "interview_sessions"."completed_at" is null and "interview_sessions"."reminder_sent_at" is null and "interview_sessions"."deadline" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "interview_shares_token_uq" ON "interview_shares" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "interview_shares_session_idx" ON "interview_shares" USING btree ("session_id");--> statement-breakpoint
CREATE UNIQUE INDEX "interview_takes_answer_n_uq" ON "interview_takes" USING btree ("answer_id","n");--> statement-breakpoint
CREATE UNIQUE INDEX "interviews_job_uq" ON "interviews" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "interviews_company_idx" ON "interviews" USING btree ("company_id");