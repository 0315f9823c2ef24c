CREATE TABLE "course_version" (
	"id" integer PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"subject" text NOT NULL,
	"text" text,
	"html" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "mail_outbox_due" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
-- Hand-written: every change to the course structure bumps the version and tells every instance.
INSERT INTO "course_version" ("id", "version") VALUES (1, 1) ON CONFLICT DO NOTHING;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION "course_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "course_version" SET "version" = "version" + 1 WHERE "id" = 1;
	PERFORM pg_notify('course_changed', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "modules_course_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "modules" FOR EACH STATEMENT EXECUTE FUNCTION "course_changed"();
--> statement-breakpoint
CREATE TRIGGER "lessons_course_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "lessons" FOR EACH STATEMENT EXECUTE FUNCTION "course_changed"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_course_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "quizzes" FOR EACH STATEMENT EXECUTE FUNCTION "course_changed"();
