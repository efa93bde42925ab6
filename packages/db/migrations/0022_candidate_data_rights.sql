CREATE TABLE "application_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"application_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "application_retention" (
	"application_id" uuid PRIMARY KEY NOT NULL,
	"warned_at" timestamp with time zone,
	"keep_token_hash" text,
	"consent_renewed_at" timestamp with time zone,
	"hold_reason" text,
	"hold_at" timestamp with time zone,
	"hold_by" uuid,
	"anonymised_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "company_privacy_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"rejected_months" integer DEFAULT 6 NOT NULL,
	"inactive_months" integer DEFAULT 12 NOT NULL,
	"hired_months" integer DEFAULT 24 NOT NULL,
	"action" text DEFAULT 'anonymise' NOT NULL,
	"privacy_policy_url" text,
	"last_run_on" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_ids" uuid[] NOT NULL,
	"deliver_to" text NOT NULL,
	"requested_by" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"file_key" text,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_audit_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"application_id" uuid,
	"subject_name" text,
	"subject_email" text,
	"action" text NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"ip" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "application_consents" ADD CONSTRAINT "application_consents_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_retention" ADD CONSTRAINT "application_retention_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_retention" ADD CONSTRAINT "application_retention_hold_by_users_id_fk" FOREIGN KEY ("hold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_privacy_settings" ADD CONSTRAINT "company_privacy_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_audit_events" ADD CONSTRAINT "privacy_audit_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_audit_events" ADD CONSTRAINT "privacy_audit_events_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "privacy_audit_events" ADD CONSTRAINT "privacy_audit_events_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_consents_application_idx" ON "application_consents" USING btree ("application_id");--> statement-breakpoint
CREATE INDEX "data_exports_company_idx" ON "data_exports" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "data_exports_token_idx" ON "data_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "privacy_audit_company_idx" ON "privacy_audit_events" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "privacy_audit_application_idx" ON "privacy_audit_events" USING btree ("application_id","created_at");--> statement-breakpoint
ALTER TABLE "outbox_emails" ADD CONSTRAINT "outbox_emails_application_id_applications_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."applications"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "outbox_emails_application_idx" ON "outbox_emails" USING btree ("application_id");