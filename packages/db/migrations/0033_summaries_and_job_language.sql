ALTER TABLE "companies" ADD COLUMN "answer_summaries" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "jobs" ADD COLUMN "language" text;--> statement-breakpoint
ALTER TABLE "transcripts" ADD COLUMN "summary" jsonb;--> statement-breakpoint
ALTER TABLE "transcripts" ADD COLUMN "summary_model" text;--> statement-breakpoint
ALTER TABLE "transcripts" ADD COLUMN "summarized_at" timestamp with time zone;