ALTER TABLE "courses" ADD COLUMN "structure_version" bigint DEFAULT 1 NOT NULL;--> statement-breakpoint
-- Hand-written from here. Each instance caches each course's structure (modules, lessons, quizzes)
-- on its own: a change to those rows bumps only the changed courses' structure_version and NOTIFYs
-- their ids, so one course's edit leaves every other course's cached copy in place. The list of
-- courses (slug, title, status, default) keeps course_version and its NOTIFY '' (drop everything).
CREATE OR REPLACE FUNCTION "course_structure_bumped"(ids integer[]) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	changed integer;
BEGIN
	FOR changed IN
		UPDATE "courses" SET "structure_version" = "structure_version" + 1 WHERE "id" = ANY(ids) RETURNING "id"
	LOOP
		PERFORM pg_notify('course_changed', changed::text);
	END LOOP;
END
$$;
--> statement-breakpoint
-- One function for the three events: each branch reads only the transition tables its event has
-- (a statement names a transition table only when it runs, so the others are never looked up).
CREATE OR REPLACE FUNCTION "course_rows_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "course_structure_bumped"(ARRAY(SELECT DISTINCT "course_id" FROM "new_rows"));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "course_structure_bumped"(ARRAY(SELECT DISTINCT "course_id" FROM "old_rows"));
	ELSE
		PERFORM "course_structure_bumped"(ARRAY(
			SELECT "course_id" FROM "new_rows" UNION SELECT "course_id" FROM "old_rows"));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
-- TRUNCATE has no transition tables: every course's structure changed, and every instance drops all.
CREATE OR REPLACE FUNCTION "course_rows_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "courses" SET "structure_version" = "structure_version" + 1;
	UPDATE "course_version" SET "version" = "version" + 1 WHERE "id" = 1;
	PERFORM pg_notify('course_changed', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS "modules_course_changed" ON "modules";
--> statement-breakpoint
CREATE TRIGGER "modules_inserted" AFTER INSERT ON "modules" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "modules_updated" AFTER UPDATE ON "modules" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "modules_deleted" AFTER DELETE ON "modules" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "modules_truncated" AFTER TRUNCATE ON "modules" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_truncated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "lessons_course_changed" ON "lessons";
--> statement-breakpoint
CREATE TRIGGER "lessons_inserted" AFTER INSERT ON "lessons" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "lessons_updated" AFTER UPDATE ON "lessons" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "lessons_deleted" AFTER DELETE ON "lessons" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "lessons_truncated" AFTER TRUNCATE ON "lessons" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_truncated"();
--> statement-breakpoint
DROP TRIGGER IF EXISTS "quizzes_course_changed" ON "quizzes";
--> statement-breakpoint
CREATE TRIGGER "quizzes_inserted" AFTER INSERT ON "quizzes" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_updated" AFTER UPDATE ON "quizzes" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_deleted" AFTER DELETE ON "quizzes" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_changed"();
--> statement-breakpoint
CREATE TRIGGER "quizzes_truncated" AFTER TRUNCATE ON "quizzes" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_truncated"();
--> statement-breakpoint
-- The list of courses: what the list holds (not structure_version, which the triggers above bump,
-- nor description or time texts, which no cache holds) bumps course_version and drops everything.
DROP TRIGGER IF EXISTS "courses_course_changed" ON "courses";
--> statement-breakpoint
CREATE TRIGGER "courses_listed" AFTER INSERT OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "course_changed"();
--> statement-breakpoint
CREATE TRIGGER "courses_relisted" AFTER UPDATE OF "slug", "title", "status", "is_default" ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "course_changed"();
