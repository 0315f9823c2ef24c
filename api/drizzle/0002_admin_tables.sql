CREATE TABLE "admin_action_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"admin_user_id" uuid NOT NULL,
	"target_user_id" uuid,
	"action_type" text NOT NULL,
	"action_details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "diagnostic_settings" (
	"module_id" integer PRIMARY KEY NOT NULL,
	"diagnostic_enabled" boolean DEFAULT false NOT NULL,
	"diagnostic_level" text DEFAULT 'basic' NOT NULL,
	"show_performance_metrics" boolean DEFAULT false NOT NULL,
	"auto_refresh_enabled" boolean DEFAULT false NOT NULL,
	"show_progress_details" boolean DEFAULT false NOT NULL,
	"show_lesson_versions" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "progress_cleanup_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"cleanup_type" text NOT NULL,
	"reason" text NOT NULL,
	"records_affected" integer DEFAULT 0 NOT NULL,
	"performed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "admin_action_log_created" ON "admin_action_log" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "progress_cleanup_log_performed" ON "progress_cleanup_log" USING btree ("performed_at");