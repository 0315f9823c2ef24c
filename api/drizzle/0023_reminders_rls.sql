-- Row-level security on the reminders' per-organisation tables (what was sent to whom, who turned
-- reminders off), as on the other organisation tables: a transaction sees the rows of the
-- organisation `app.organisation_id` names, all of them for the platform ('*'), none without a scope.
-- The job table is the platform's (every instance claims from it across organisations) and has none.
-- FORCE applies the policies to the tables' owner too (drizzle cannot emit it, so this is by hand).
ALTER TABLE "reminder_sends" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminder_sends" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "reminder_sends_scope" ON "reminder_sends"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "reminder_opt_outs" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "reminder_opt_outs_scope" ON "reminder_opt_outs"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
