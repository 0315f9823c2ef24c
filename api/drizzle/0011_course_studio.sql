CREATE SEQUENCE "public"."course_draft_revision" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "course_draft_files" (
	"course_id" integer NOT NULL,
	"path" text NOT NULL,
	"content" "bytea" NOT NULL,
	"revision" bigint DEFAULT nextval('course_draft_revision') NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_draft_files_course_id_path_pk" PRIMARY KEY("course_id","path")
);
--> statement-breakpoint
CREATE TABLE "course_drafts" (
	"course_id" integer PRIMARY KEY NOT NULL,
	"based_on" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "course_version_files" (
	"course_id" integer NOT NULL,
	"version" integer NOT NULL,
	"path" text NOT NULL,
	"content" "bytea" NOT NULL,
	CONSTRAINT "course_version_files_course_id_version_path_pk" PRIMARY KEY("course_id","version","path")
);
--> statement-breakpoint
CREATE TABLE "course_versions" (
	"course_id" integer NOT NULL,
	"version" integer NOT NULL,
	"published_by" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"note" text,
	"restored_from" integer,
	CONSTRAINT "course_versions_course_id_version_pk" PRIMARY KEY("course_id","version")
);
--> statement-breakpoint
ALTER TABLE "course_draft_files" ADD CONSTRAINT "course_draft_files_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_draft_files" ADD CONSTRAINT "course_draft_files_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_drafts" ADD CONSTRAINT "course_drafts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_version_files" ADD CONSTRAINT "course_version_files_course_id_version_course_versions_course_id_version_fk" FOREIGN KEY ("course_id","version") REFERENCES "public"."course_versions"("course_id","version") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_versions" ADD CONSTRAINT "course_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "course_versions" ADD CONSTRAINT "course_versions_published_by_users_id_fk" FOREIGN KEY ("published_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- Hand-written: each course loaded before this migration gets its history's first version, the
-- folder it was last loaded or imported from (course_files).
INSERT INTO "course_versions" ("course_id", "version", "published_at", "note")
	SELECT "course_id", 1, max("updated_at"), 'Loaded before the studio existed' FROM "course_files" GROUP BY "course_id";
--> statement-breakpoint
INSERT INTO "course_version_files" ("course_id", "version", "path", "content")
	SELECT "course_id", 1, "path", "content" FROM "course_files";
