-- Row-level security on the organisation tables: a second wall behind the queries' own filters. A
-- transaction sees the rows of the organisation `app.organisation_id` names (SET LOCAL by the API),
-- all of them when it names the platform ('*'), and none when it names nothing, so a query that
-- forgets its filter still sees nothing of another organisation. FORCE applies the policies to the
-- tables' owner too; only superusers and BYPASSRLS roles skip them.
ALTER TABLE "organisations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisations_scope" ON "organisations"
  USING (current_setting('app.organisation_id', true) = '*' OR "id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "id"::text = current_setting('app.organisation_id', true));
--> statement-breakpoint
ALTER TABLE "organisation_issuers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisation_issuers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisation_issuers_scope" ON "organisation_issuers"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
--> statement-breakpoint
ALTER TABLE "organisation_courses" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisation_courses" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisation_courses_scope" ON "organisation_courses"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
--> statement-breakpoint
ALTER TABLE "organisation_members" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisation_members" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisation_members_scope" ON "organisation_members"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
