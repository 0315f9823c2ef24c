CREATE TABLE "lti_roster_grants" (
	"session_id" uuid NOT NULL,
	"roster_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "lti_roster_grants_session_id_roster_id_pk" PRIMARY KEY("session_id","roster_id")
);
--> statement-breakpoint
CREATE TABLE "lti_rosters" (
	"id" uuid PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"context_id" text NOT NULL,
	"context_title" text,
	"resource_link_id" text NOT NULL,
	"course_id" integer NOT NULL,
	"module_id" integer,
	"memberships_url" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lti_roster_grants" ADD CONSTRAINT "lti_roster_grants_session_id_sessions_id_fk" FOREIGN KEY ("session_id") REFERENCES "public"."sessions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_roster_grants" ADD CONSTRAINT "lti_roster_grants_roster_id_lti_rosters_id_fk" FOREIGN KEY ("roster_id") REFERENCES "public"."lti_rosters"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_rosters" ADD CONSTRAINT "lti_rosters_registration_id_lti_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."lti_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_rosters" ADD CONSTRAINT "lti_rosters_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_rosters_link" ON "lti_rosters" USING btree ("registration_id","context_id","resource_link_id");