CREATE TABLE "organisation_courses" (
	"organisation_id" uuid NOT NULL,
	"course_id" integer NOT NULL,
	CONSTRAINT "organisation_courses_organisation_id_course_id_pk" PRIMARY KEY("organisation_id","course_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_issuers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"issuer" text NOT NULL,
	"audience" text NOT NULL,
	"jwks_url" text,
	"secret_ciphertext" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_members_organisation_id_user_id_pk" PRIMARY KEY("organisation_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"origins" text[] DEFAULT '{}'::text[] NOT NULL,
	"theme" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"course_visibility" text DEFAULT 'all' NOT NULL,
	"seat_limit" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisations_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "organisation_courses" ADD CONSTRAINT "organisation_courses_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_courses" ADD CONSTRAINT "organisation_courses_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_issuers" ADD CONSTRAINT "organisation_issuers_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_issuers_issuer" ON "organisation_issuers" USING btree ("issuer");--> statement-breakpoint
CREATE INDEX "organisation_issuers_org" ON "organisation_issuers" USING btree ("organisation_id");--> statement-breakpoint
CREATE INDEX "organisation_members_user" ON "organisation_members" USING btree ("user_id");