CREATE TABLE "application_status_counts" (
	"job_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "application_status_counts_job_id_status_pk" PRIMARY KEY("job_id","status")
);
--> statement-breakpoint
DROP INDEX "applications_job_sent_idx";--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("applications"."first_name" || ' ' || "applications"."last_name" || ' ' || "applications"."email")) STORED;--> statement-breakpoint
ALTER TABLE "application_status_counts" ADD CONSTRAINT "application_status_counts_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Hand-written (issue 12 item 3, decision 016). The applicants list's indexes, rebuilt on the stored search_text:
-- the trigram index for searches that match few rows, and covering (INCLUDE) btree indexes so that paging,
-- deep pages and searches that match many rows are index-only scans in the list's order (the rating indexes
-- include the columns of their expression, without which PostgreSQL never plans an index-only scan on them).
DROP INDEX IF EXISTS "applications_search_trgm_idx";--> statement-breakpoint
CREATE INDEX "applications_search_trgm_idx" ON "applications" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "applications_job_sent_idx" ON "applications" USING btree ("job_id","sent_at","id") INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX IF EXISTS "applications_job_status_sent_idx";--> statement-breakpoint
CREATE INDEX "applications_job_status_sent_idx" ON "applications" USING btree ("job_id","status","sent_at" DESC,"id" DESC) INCLUDE ("search_text");--> statement-breakpoint
DROP INDEX IF EXISTS "applications_job_rating_high_idx";--> statement-breakpoint
CREATE INDEX "applications_job_rating_high_idx" ON "applications" USING btree ("job_id",(coalesce("mark_avg","ai_fit_score")) DESC NULLS LAST,"sent_at" DESC,"id" DESC) INCLUDE ("mark_avg","ai_fit_score","search_text");--> statement-breakpoint
DROP INDEX IF EXISTS "applications_job_rating_low_idx";--> statement-breakpoint
CREATE INDEX "applications_job_rating_low_idx" ON "applications" USING btree ("job_id",(coalesce("mark_avg","ai_fit_score")) ASC NULLS LAST,"sent_at" DESC,"id" DESC) INCLUDE ("mark_avg","ai_fit_score","search_text");--> statement-breakpoint
-- The per-status counts, kept in the statement that changes applications (inserts, deletes, status or job
-- changes), whoever runs it: the API, the candidate's withdrawal, a cascade from a deleted job, a bulk load.
-- Statement triggers with transition tables, so a bulk insert is one upsert per (job, status), in key order.
CREATE FUNCTION "application_counts_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_status_counts" AS c ("job_id", "status", "count")
    SELECT "job_id", "status", count(*) FROM "new_rows" GROUP BY "job_id", "status" ORDER BY "job_id", "status"
  ON CONFLICT ("job_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "application_counts_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only decrements: when a job is deleted its counts go by cascade, and nothing may be inserted for it.
  UPDATE "application_status_counts" AS c SET "count" = c."count" - d."n"
    FROM (SELECT "job_id", "status", count(*) AS "n" FROM "old_rows" GROUP BY "job_id", "status") AS d
    WHERE c."job_id" = d."job_id" AND c."status" = d."status";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "application_counts_update"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "application_status_counts" AS c ("job_id", "status", "count")
    SELECT "job_id", "status", sum("n") FROM (
      SELECT o."job_id", o."status", -1 AS "n" FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."status" IS DISTINCT FROM n."status" OR o."job_id" IS DISTINCT FROM n."job_id"
      UNION ALL
      SELECT n."job_id", n."status", 1 FROM "old_rows" o JOIN "new_rows" n ON n."id" = o."id"
        WHERE o."status" IS DISTINCT FROM n."status" OR o."job_id" IS DISTINCT FROM n."job_id"
    ) AS changes
    GROUP BY "job_id", "status" HAVING sum("n") <> 0 ORDER BY "job_id", "status"
  ON CONFLICT ("job_id", "status") DO UPDATE SET "count" = c."count" + excluded."count";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "applications_counts_insert" AFTER INSERT ON "applications" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_insert"();--> statement-breakpoint
CREATE TRIGGER "applications_counts_delete" AFTER DELETE ON "applications" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_delete"();--> statement-breakpoint
CREATE TRIGGER "applications_counts_update" AFTER UPDATE ON "applications" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "application_counts_update"();--> statement-breakpoint
-- The backfill, after the triggers: their lock holds writers back until this migration commits.
INSERT INTO "application_status_counts" ("job_id", "status", "count")
  SELECT "job_id", "status", count(*) FROM "applications" GROUP BY "job_id", "status";--> statement-breakpoint
-- Every change that can end or narrow a sign-in (a session revoked or deleted, a user changed or deleted, a
-- membership added, changed or removed) is announced on the channel hirecast_auth with the user's id, in the
-- transaction that makes it. API processes cache sessions and memberships for a few seconds and drop a user's
-- entries when they hear of it (apps/server/src/plugins/auth-cache.ts).
CREATE FUNCTION "hirecast_auth_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  "row" record;
BEGIN
  IF TG_OP = 'DELETE' THEN "row" := OLD; ELSE "row" := NEW; END IF;
  IF TG_TABLE_NAME = 'users' THEN
    PERFORM pg_notify('hirecast_auth', "row"."id"::text);
  ELSE
    PERFORM pg_notify('hirecast_auth', "row"."user_id"::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_auth_changed" AFTER UPDATE OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "hirecast_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "users_auth_changed" AFTER UPDATE OR DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "hirecast_auth_changed"();--> statement-breakpoint
CREATE TRIGGER "memberships_auth_changed" AFTER INSERT OR UPDATE OR DELETE ON "memberships" FOR EACH ROW EXECUTE FUNCTION "hirecast_auth_changed"();
