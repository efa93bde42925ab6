CREATE TABLE "video_render_turns" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"served_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_templates" ADD COLUMN "render_queued_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "video_templates" ADD COLUMN "render_job_id" text;--> statement-breakpoint
ALTER TABLE "video_render_turns" ADD CONSTRAINT "video_render_turns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_templates_waiting_idx" ON "video_templates" USING btree ("render_queued_at") WHERE "video_templates"."status" = 'preparing' and "video_templates"."render_job_id" is null;