-- Every instance caches the organisations' trusted issuers and embed origins; any change to them
-- (the admin's calls, the bootstrap, a hand-written UPDATE) NOTIFYs `organisation_changed`, and each
-- instance drops its copy.
CREATE OR REPLACE FUNCTION organisation_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('organisation_changed', '');
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER organisations_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisations
  FOR EACH STATEMENT EXECUTE FUNCTION organisation_changed();
--> statement-breakpoint
CREATE TRIGGER organisation_issuers_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON organisation_issuers
  FOR EACH STATEMENT EXECUTE FUNCTION organisation_changed();
