CREATE TABLE "asset_engagement" (
	"asset_id" uuid NOT NULL,
	"session_id" text NOT NULL,
	"max_second" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_engagement_asset_id_session_id_pk" PRIMARY KEY("asset_id","session_id")
);
--> statement-breakpoint
CREATE TABLE "image_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_id" uuid,
	"title" text DEFAULT 'New image' NOT NULL,
	"file_name" text NOT NULL,
	"url" text NOT NULL,
	"key" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"dimension" text,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "video_assets" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"owner_id" uuid,
	"title" text NOT NULL,
	"file_name" text NOT NULL,
	"type" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"status_reason" text,
	"original_key" text,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"thumbnails" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"dimension" text,
	"width" integer,
	"height" integer,
	"duration" real,
	"is_story" boolean DEFAULT false NOT NULL,
	"exclude" boolean DEFAULT false NOT NULL,
	"onboarding" boolean DEFAULT false NOT NULL,
	"question_id" uuid,
	"tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "asset_engagement" ADD CONSTRAINT "asset_engagement_asset_id_video_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."video_assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_assets" ADD CONSTRAINT "image_assets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "image_assets" ADD CONSTRAINT "image_assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_assets" ADD CONSTRAINT "video_assets_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_assets" ADD CONSTRAINT "video_assets_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "video_assets" ADD CONSTRAINT "video_assets_question_id_company_questions_id_fk" FOREIGN KEY ("question_id") REFERENCES "public"."company_questions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "image_assets_company_updated_idx" ON "image_assets" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "video_assets_company_updated_idx" ON "video_assets" USING btree ("company_id","updated_at");--> statement-breakpoint
CREATE INDEX "video_assets_company_title_idx" ON "video_assets" USING btree ("company_id",lower("title"));--> statement-breakpoint
CREATE INDEX "video_assets_tags_idx" ON "video_assets" USING gin ("tags");--> statement-breakpoint
CREATE INDEX "video_assets_onboarding_idx" ON "video_assets" USING btree ("onboarding") WHERE "video_assets"."onboarding";