ALTER TABLE "certificate_credentials" DROP CONSTRAINT "certificate_credentials_status_index_unique";--> statement-breakpoint
ALTER TABLE "certificate_credentials" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "credential_keys" ADD COLUMN "organisation_id" uuid;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "issues_credentials" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "credential_keys_organisation" ON "credential_keys" USING btree ("organisation_id");--> statement-breakpoint
ALTER TABLE "certificate_credentials" ADD CONSTRAINT "certificate_credentials_issuer_status" UNIQUE NULLS NOT DISTINCT("organisation_id","status_index");