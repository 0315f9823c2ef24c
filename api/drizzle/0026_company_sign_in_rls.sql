-- Row-level security on the organisations' identity providers, as on the other organisation tables:
-- a transaction sees the rows of the organisation `app.organisation_id` names, all of them for the
-- platform ('*'), none without a scope. The sign-in states are the platform's (the callback does not
-- know the organisation before it reads its state) and have none.
-- FORCE applies the policies to the table's owner too (drizzle cannot emit it, so this is by hand).
ALTER TABLE "organisation_identity_providers" ENABLE ROW LEVEL SECURITY;
--> statement-breakpoint
ALTER TABLE "organisation_identity_providers" FORCE ROW LEVEL SECURITY;
--> statement-breakpoint
CREATE POLICY "organisation_identity_providers_scope" ON "organisation_identity_providers"
  USING (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true))
  WITH CHECK (current_setting('app.organisation_id', true) = '*' OR "organisation_id"::text = current_setting('app.organisation_id', true));
