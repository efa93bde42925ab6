CREATE TABLE "referral_tokens" (
	"token" text PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_sharing_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"time_zone" text DEFAULT 'Europe/London' NOT NULL,
	"points_visit" integer DEFAULT 1 NOT NULL,
	"points_applied" integer DEFAULT 5 NOT NULL,
	"points_submitted" integer DEFAULT 20 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sharing_rollups" (
	"company_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"bucket" date NOT NULL,
	"job_id" uuid NOT NULL,
	"referral_token" text DEFAULT '' NOT NULL,
	"utm_source" text DEFAULT '' NOT NULL,
	"utm_campaign" text DEFAULT '' NOT NULL,
	"utm_medium" text DEFAULT '' NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"applies" integer DEFAULT 0 NOT NULL,
	"submits" integer DEFAULT 0 NOT NULL,
	"v0" integer DEFAULT 0 NOT NULL,
	"v1" integer DEFAULT 0 NOT NULL,
	"v2" integer DEFAULT 0 NOT NULL,
	"a0" integer DEFAULT 0 NOT NULL,
	"a1" integer DEFAULT 0 NOT NULL,
	"a2" integer DEFAULT 0 NOT NULL,
	"s0" integer DEFAULT 0 NOT NULL,
	"s1" integer DEFAULT 0 NOT NULL,
	"s2" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sharing_rollups_pk" PRIMARY KEY("company_id","grain","bucket","job_id","referral_token","utm_source","utm_campaign","utm_medium")
);
--> statement-breakpoint
ALTER TABLE "job_tracking_events" ADD COLUMN "referral_token" text;--> statement-breakpoint
ALTER TABLE "job_tracking_events" ADD COLUMN "watch_band" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "referral_tokens" ADD CONSTRAINT "referral_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_tokens" ADD CONSTRAINT "referral_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_sharing_settings" ADD CONSTRAINT "company_sharing_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_rollups" ADD CONSTRAINT "sharing_rollups_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sharing_rollups" ADD CONSTRAINT "sharing_rollups_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_tokens_company_user_uq" ON "referral_tokens" USING btree ("company_id","user_id");--> statement-breakpoint
CREATE INDEX "sharing_rollups_job_idx" ON "sharing_rollups" USING btree ("job_id");--> statement-breakpoint
CREATE TABLE "sharing_series" (
	"company_id" uuid NOT NULL,
	"grain" text NOT NULL,
	"bucket" date NOT NULL,
	"referral" boolean NOT NULL,
	"visits" integer DEFAULT 0 NOT NULL,
	"applies" integer DEFAULT 0 NOT NULL,
	"submits" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "sharing_series_pk" PRIMARY KEY("company_id","grain","bucket","referral")
);
--> statement-breakpoint
ALTER TABLE "sharing_series" ADD CONSTRAINT "sharing_series_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 16: the rollup of one company rebuilt from its tracking events (after a time zone change, and to fill
-- it from the events recorded before this migration). The same sums the tracking services keep up event by
-- event: visits, applies, submits at each event's own local day, month, year and in the all-time row; the
-- video-effect cohort (v, a, s by the visit's watch band) at the visit's, credited as the visit was. Then the
-- company's chart sums (sharing_series: day and month, referrals apart) from the rollup.
CREATE OR REPLACE FUNCTION "sharing_rollup_rebuild"(p_company uuid) RETURNS void LANGUAGE sql AS $$
DELETE FROM sharing_rollups WHERE company_id = p_company;
DELETE FROM sharing_series WHERE company_id = p_company;
WITH zone AS (
	SELECT coalesce((SELECT time_zone FROM company_sharing_settings WHERE company_id = p_company), 'Europe/London') AS tz
), ev AS (
	SELECT e.job_id, e.event, e.created_at AT TIME ZONE zone.tz AS t,
		coalesce(e.referral_token, '') AS tok, coalesce(e.utm_source, '') AS src,
		coalesce(e.utm_campaign, '') AS cmp, coalesce(e.utm_medium, '') AS med,
		v.watch_band AS band, v.created_at AT TIME ZONE zone.tz AS vt,
		coalesce(v.referral_token, '') AS vtok, coalesce(v.utm_source, '') AS vsrc,
		coalesce(v.utm_campaign, '') AS vcmp, coalesce(v.utm_medium, '') AS vmed
	FROM job_tracking_events e
	JOIN jobs j ON j.id = e.job_id AND j.company_id = p_company
	CROSS JOIN zone
	LEFT JOIN job_tracking_events v ON v.job_id = e.job_id AND v.event = 'visit' AND v.session_id = e.session_id
), parts AS (
	SELECT job_id, t, tok, src, cmp, med,
		(event = 'visit')::int AS visits, (event = 'apply_started')::int AS applies,
		(event = 'apply_submitted')::int AS submits,
		0 AS v0, 0 AS v1, 0 AS v2, 0 AS a0, 0 AS a1, 0 AS a2, 0 AS s0, 0 AS s1, 0 AS s2
	FROM ev
	UNION ALL
	SELECT job_id, vt, vtok, vsrc, vcmp, vmed, 0, 0, 0,
		(event = 'visit' AND band = 0)::int, (event = 'visit' AND band = 1)::int, (event = 'visit' AND band = 2)::int,
		(event = 'apply_started' AND band = 0)::int, (event = 'apply_started' AND band = 1)::int,
		(event = 'apply_started' AND band = 2)::int,
		(event = 'apply_submitted' AND band = 0)::int, (event = 'apply_submitted' AND band = 1)::int,
		(event = 'apply_submitted' AND band = 2)::int
	FROM ev WHERE vt IS NOT NULL
)
INSERT INTO sharing_rollups
SELECT p_company, g.grain, CASE g.grain WHEN 'd' THEN t::date WHEN 'm' THEN date_trunc('month', t)::date
		WHEN 'y' THEN date_trunc('year', t)::date ELSE DATE '1970-01-01' END,
	job_id, tok, src, cmp, med, sum(visits), sum(applies), sum(submits),
	sum(v0), sum(v1), sum(v2), sum(a0), sum(a1), sum(a2), sum(s0), sum(s1), sum(s2)
FROM parts CROSS JOIN (VALUES ('d'), ('m'), ('y'), ('a')) AS g(grain)
GROUP BY 1, 2, 3, 4, 5, 6, 7, 8;
INSERT INTO sharing_series
SELECT company_id, grain, bucket, referral_token <> '', sum(visits), sum(applies), sum(submits)
FROM sharing_rollups WHERE company_id = p_company AND grain IN ('d', 'm')
GROUP BY 1, 2, 3, 4;
$$;--> statement-breakpoint
SELECT sharing_rollup_rebuild(id) FROM companies;
