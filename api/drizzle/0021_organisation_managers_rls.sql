-- Row-level security on the managers' organisation tables (groups, their members, course
-- assignments, invitations), as on the other organisation tables: a transaction sees the rows of the
-- organisation `app.organisation_id` names, all of them for the platform ('*'), none without a scope.
-- FORCE applies the policies to the tables' owner too (drizzle cannot emit it, so this is by hand).
ALTER TABLE "organisation_groups" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisation_groups" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisation_groups_scope" ON "organisation_groups"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
--> statement-breakpoint
ALTER TABLE "organisation_group_members" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisation_group_members" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisation_group_members_scope" ON "organisation_group_members"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
--> statement-breakpoint
ALTER TABLE "organisation_assignments" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisation_assignments" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisation_assignments_scope" ON "organisation_assignments"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
--> statement-breakpoint
ALTER TABLE "organisation_invitations" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisation_invitations" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisation_invitations_scope" ON "organisation_invitations"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
