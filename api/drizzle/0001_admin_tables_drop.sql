DROP TABLE "admin_action_log" CASCADE;--> statement-breakpoint
DROP TABLE "diagnostic_settings" CASCADE;--> statement-breakpoint
DROP TABLE "progress_cleanup_log" CASCADE;