ALTER TABLE "security_events" ADD COLUMN "count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "window_key" text;--> statement-breakpoint
CREATE INDEX "security_events_type_created" ON "security_events" USING btree ("type","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "security_events_window" ON "security_events" USING btree ("window_key");