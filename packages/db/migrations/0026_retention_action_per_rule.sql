ALTER TABLE "application_retention" ADD COLUMN "erasure_requested_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "company_privacy_settings" ADD COLUMN "rejected_action" text DEFAULT 'anonymise' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_privacy_settings" ADD COLUMN "inactive_action" text DEFAULT 'anonymise' NOT NULL;--> statement-breakpoint
ALTER TABLE "company_privacy_settings" ADD COLUMN "hired_action" text DEFAULT 'anonymise' NOT NULL;--> statement-breakpoint
-- Each rule starts with the one action the company had chosen for all.
UPDATE "company_privacy_settings" SET "rejected_action" = "action", "inactive_action" = "action", "hired_action" = "action";
