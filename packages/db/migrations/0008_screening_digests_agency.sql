CREATE TABLE "company_agencies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"logo" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_digest_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "ai_fit_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "applications" ADD COLUMN "screening_process_date" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "texau_loading" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_agencies" ADD CONSTRAINT "company_agencies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_agencies_company_uq" ON "company_agencies" USING btree ("company_id");