ALTER TABLE "sign_in_codes" ADD COLUMN "purpose" text DEFAULT 'sign-in' NOT NULL;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "google_sub" text;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "invitation_id" uuid;--> statement-breakpoint
ALTER TABLE "sign_in_codes" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "google_verified" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "needs_name" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Hand-written (issue 27): links made before this release were made only when Google vouched for the address
-- or with an account Google created; those whose address is confirmed count as the owner's.
UPDATE "users" SET "google_verified" = true WHERE "google_sub" IS NOT NULL AND "email_verified_at" IS NOT NULL;
