CREATE TABLE "video_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_id" uuid,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"data" jsonb NOT NULL,
	"cover" text,
	"cover_mobile" text,
	"is_sample" boolean DEFAULT false NOT NULL,
	"error_reason" text,
	"progress" smallint,
	"render_id" uuid,
	"file_id" uuid,
	"thumbnail" text,
	"rendered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "video_templates" ADD CONSTRAINT "video_templates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_templates" ADD CONSTRAINT "video_templates_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_templates" ADD CONSTRAINT "video_templates_file_id_video_assets_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."video_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "video_templates_company_updated_idx" ON "video_templates" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "video_templates_company_status_idx" ON "video_templates" USING btree ("company_id","status");--> statement-breakpoint
CREATE INDEX "video_templates_sample_idx" ON "video_templates" USING btree ("is_sample") WHERE "video_templates"."is_sample";
