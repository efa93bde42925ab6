CREATE TABLE "job_visitor_days" (
	"job_id" uuid NOT NULL,
	"day" date NOT NULL,
	"visitor" text NOT NULL,
	CONSTRAINT "job_visitor_days_job_id_day_visitor_pk" PRIMARY KEY("job_id","day","visitor")
);
--> statement-breakpoint
ALTER TABLE "asset_engagement" ALTER COLUMN "max_second" SET DATA TYPE double precision;--> statement-breakpoint
ALTER TABLE "job_tracking_events" ADD COLUMN "counted" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "job_visitor_days" ADD CONSTRAINT "job_visitor_days_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_visitor_days_day_idx" ON "job_visitor_days" USING btree ("day");--> statement-breakpoint
-- Issue 23 item 4: a visit that did not count (the visitor's second of the job that day) moves no sum; a
-- referral's apply start is credited when its application is submitted (decision 020).
CREATE OR REPLACE FUNCTION "sharing_rollup_rebuild"(p_company uuid) RETURNS void LANGUAGE sql AS $$
DELETE FROM sharing_rollups WHERE company_id = p_company;
DELETE FROM sharing_series WHERE company_id = p_company;
WITH zone AS (
	SELECT coalesce((SELECT time_zone FROM company_sharing_settings WHERE company_id = p_company), 'Europe/London') AS tz
), ev AS (
	SELECT e.job_id, e.event, e.counted, e.created_at AT TIME ZONE zone.tz AS t,
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
		(event = 'visit' AND counted)::int AS visits,
		((event = 'apply_started' AND tok = '') OR (event = 'apply_submitted' AND tok <> ''))::int AS applies,
		(event = 'apply_submitted')::int AS submits,
		0 AS v0, 0 AS v1, 0 AS v2, 0 AS a0, 0 AS a1, 0 AS a2, 0 AS s0, 0 AS s1, 0 AS s2
	FROM ev
	UNION ALL
	SELECT job_id, vt, vtok, vsrc, vcmp, vmed, 0, 0, 0,
		(event = 'visit' AND counted AND band = 0)::int, (event = 'visit' AND counted AND band = 1)::int,
		(event = 'visit' AND counted AND band = 2)::int,
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
