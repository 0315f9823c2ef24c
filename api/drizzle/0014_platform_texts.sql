ALTER TABLE "courses" ADD COLUMN "audience" text;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "pre_assessment_passed" text;--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "from_name" text;--> statement-breakpoint
ALTER TABLE "system_settings" ADD COLUMN "platform" jsonb;