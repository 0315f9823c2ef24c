CREATE TABLE "certificate_credentials" (
	"certificate_id" integer PRIMARY KEY NOT NULL,
	"credential" jsonb NOT NULL,
	"status_index" integer NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "certificate_credentials_status_index_unique" UNIQUE("status_index")
);
--> statement-breakpoint
CREATE TABLE "credential_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"public_key_multibase" text NOT NULL,
	"secret_key_multibase" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "credential_keys_public_key_multibase_unique" UNIQUE("public_key_multibase")
);
--> statement-breakpoint
ALTER TABLE "certificate_credentials" ADD CONSTRAINT "certificate_credentials_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;