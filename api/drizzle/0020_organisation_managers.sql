CREATE TABLE "organisation_assignments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"course_id" integer NOT NULL,
	"user_id" uuid,
	"group_id" uuid,
	"due_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "organisation_assignments_one_target" CHECK (("organisation_assignments"."user_id" is null) <> ("organisation_assignments"."group_id" is null))
);
--> statement-breakpoint
CREATE TABLE "organisation_group_members" (
	"organisation_id" uuid NOT NULL,
	"group_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	CONSTRAINT "organisation_group_members_group_id_user_id_pk" PRIMARY KEY("group_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_groups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_id" uuid NOT NULL,
	"email" text NOT NULL,
	"name" text,
	"role" text NOT NULL,
	"group_id" uuid,
	"token_hash" text NOT NULL,
	"invited_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"accepted_at" timestamp with time zone,
	CONSTRAINT "organisation_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "organisation_assignments" ADD CONSTRAINT "organisation_assignments_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_assignments" ADD CONSTRAINT "organisation_assignments_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_assignments" ADD CONSTRAINT "organisation_assignments_group_id_organisation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."organisation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_assignments" ADD CONSTRAINT "organisation_assignments_organisation_id_user_id_organisation_members_organisation_id_user_id_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_group_members" ADD CONSTRAINT "organisation_group_members_group_id_organisation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."organisation_groups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_group_members" ADD CONSTRAINT "organisation_group_members_organisation_id_user_id_organisation_members_organisation_id_user_id_fk" FOREIGN KEY ("organisation_id","user_id") REFERENCES "public"."organisation_members"("organisation_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_groups" ADD CONSTRAINT "organisation_groups_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_id_organisations_id_fk" FOREIGN KEY ("organisation_id") REFERENCES "public"."organisations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_group_id_organisation_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."organisation_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_users_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_assignments_person" ON "organisation_assignments" USING btree ("organisation_id","course_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_assignments_group" ON "organisation_assignments" USING btree ("organisation_id","course_id","group_id");--> statement-breakpoint
CREATE INDEX "organisation_group_members_org_user" ON "organisation_group_members" USING btree ("organisation_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_groups_org_name" ON "organisation_groups" USING btree ("organisation_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_org_email" ON "organisation_invitations" USING btree ("organisation_id","email");