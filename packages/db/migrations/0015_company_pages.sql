CREATE TABLE "company_pages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"banner_image_id" uuid,
	"stats" jsonb DEFAULT '{"foundingYear":null,"employees":null,"gender":{"male":null,"female":null}}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "company_page_blocks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"page_type" text NOT NULL,
	"type" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"header" text,
	"content" text,
	"info_type" text,
	"author" text,
	"video_asset_id" uuid,
	"image_asset_id" uuid,
	"is_promo_asset" boolean DEFAULT false NOT NULL,
	"story_video_id" uuid,
	"person_name" text,
	"slug" text,
	"quote_text" text,
	"title" text,
	"text" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "company_pages" ADD CONSTRAINT "company_pages_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_pages" ADD CONSTRAINT "company_pages_banner_image_id_image_assets_id_fk" FOREIGN KEY ("banner_image_id") REFERENCES "public"."image_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_page_blocks" ADD CONSTRAINT "company_page_blocks_page_id_company_pages_id_fk" FOREIGN KEY ("page_id") REFERENCES "public"."company_pages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_page_blocks" ADD CONSTRAINT "company_page_blocks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_page_blocks" ADD CONSTRAINT "company_page_blocks_video_asset_id_video_assets_id_fk" FOREIGN KEY ("video_asset_id") REFERENCES "public"."video_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_page_blocks" ADD CONSTRAINT "company_page_blocks_image_asset_id_image_assets_id_fk" FOREIGN KEY ("image_asset_id") REFERENCES "public"."image_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_page_blocks" ADD CONSTRAINT "company_page_blocks_story_video_id_video_assets_id_fk" FOREIGN KEY ("story_video_id") REFERENCES "public"."video_assets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_pages_company_uq" ON "company_pages" USING btree ("company_id");--> statement-breakpoint
CREATE INDEX "company_page_blocks_page_idx" ON "company_page_blocks" USING btree ("page_id","page_type","sort_order");--> statement-breakpoint
CREATE UNIQUE INDEX "company_page_blocks_story_slug_uq" ON "company_page_blocks" USING btree ("page_id","slug") WHERE "company_page_blocks"."type" = 'TESTIMONIAL_CARD';--> statement-breakpoint
CREATE UNIQUE INDEX "company_page_blocks_story_name_uq" ON "company_page_blocks" USING btree ("page_id",lower("person_name")) WHERE "company_page_blocks"."type" = 'TESTIMONIAL_CARD';--> statement-breakpoint
CREATE INDEX "company_page_blocks_video_idx" ON "company_page_blocks" USING btree ("video_asset_id");--> statement-breakpoint
CREATE INDEX "company_page_blocks_image_idx" ON "company_page_blocks" USING btree ("image_asset_id");--> statement-breakpoint
CREATE INDEX "company_page_blocks_story_video_idx" ON "company_page_blocks" USING btree ("story_video_id");
