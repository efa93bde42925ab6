ALTER TABLE "companies" ADD COLUMN "legacy_active_job_limit" integer;--> statement-breakpoint
-- Decision 025: the companies of an installation upgraded from a release before plans keep that release's
-- built-in limit of 5 active jobs until an admin picks a plan (no release ever made a company with a plan).
UPDATE "companies" SET "legacy_active_job_limit" = 5
WHERE NOT EXISTS (SELECT 1 FROM "subscriptions" WHERE "subscriptions"."company_id" = "companies"."id");
