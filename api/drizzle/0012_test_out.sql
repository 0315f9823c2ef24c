ALTER TABLE "modules" ADD COLUMN "test_out_score" integer;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_test_out_score" CHECK ("modules"."test_out_score" between 1 and 100);--> statement-breakpoint
-- Hand-written from here. Test-out grades a learner's pre-assessment against its questions' keys
-- and modules, which each instance now keeps with the course's cached structure: a change to a
-- course's questions bumps its structure_version and NOTIFYs its id, as a change to its modules,
-- lessons or quizzes does (migration 0010). quiz_questions has no course_id: its quiz says.
CREATE OR REPLACE FUNCTION "quiz_questions_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		PERFORM "course_structure_bumped"(ARRAY(
			SELECT DISTINCT q."course_id" FROM "quizzes" q WHERE q."id" IN (SELECT "quiz_id" FROM "new_rows")));
	ELSIF TG_OP = 'DELETE' THEN
		PERFORM "course_structure_bumped"(ARRAY(
			SELECT DISTINCT q."course_id" FROM "quizzes" q WHERE q."id" IN (SELECT "quiz_id" FROM "old_rows")));
	ELSE
		PERFORM "course_structure_bumped"(ARRAY(
			SELECT DISTINCT q."course_id" FROM "quizzes" q WHERE q."id" IN (
				SELECT "quiz_id" FROM "new_rows" UNION SELECT "quiz_id" FROM "old_rows")));
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "quiz_questions_inserted" AFTER INSERT ON "quiz_questions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "quiz_questions_changed"();
--> statement-breakpoint
CREATE TRIGGER "quiz_questions_updated" AFTER UPDATE ON "quiz_questions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "quiz_questions_changed"();
--> statement-breakpoint
CREATE TRIGGER "quiz_questions_deleted" AFTER DELETE ON "quiz_questions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "quiz_questions_changed"();
--> statement-breakpoint
CREATE TRIGGER "quiz_questions_truncated" AFTER TRUNCATE ON "quiz_questions" FOR EACH STATEMENT EXECUTE FUNCTION "course_rows_truncated"();
