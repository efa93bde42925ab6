ALTER TABLE "jobs" ALTER COLUMN "is_hiring_now" SET DEFAULT true;--> statement-breakpoint
-- Until the Early Bird and Job Live letters (decision 013), isHiringNow changed nothing a candidate saw, and every
-- job was created with it off: treat every existing job as live, so none of their applicants is told
-- "coming soon". Pre-launch is now a choice the team makes in the editor.
UPDATE "jobs" SET "is_hiring_now" = true;
