-- Every module, lesson, lesson version, quiz, progress row, attempt and certificate
-- belongs to one course. Migrates in place: today's rows all belong to the one course there is.
--
-- A database whose content was loaded before 0008 has modules but no courses row yet: it gets a
-- placeholder (slug 'legacy-course', its certificates' course title) that the first content load
-- adopts (api/src/content/loader.ts upsertCourseFacts), so its rows keep their course.
INSERT INTO "courses" ("slug", "title", "description", "estimated_time", "syllabus_time", "pre_assessment_time")
SELECT 'legacy-course',
  COALESCE((SELECT "course_title" FROM "certificates" ORDER BY "id" LIMIT 1), 'Course'), '', '', '', ''
WHERE NOT EXISTS (SELECT 1 FROM "courses")
  AND (EXISTS (SELECT 1 FROM "modules") OR EXISTS (SELECT 1 FROM "quizzes") OR EXISTS (SELECT 1 FROM "user_progress"));
--> statement-breakpoint
ALTER TABLE "modules" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "lessons" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "lesson_versions" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "user_progress" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "certificates" ADD COLUMN "course_id" integer;--> statement-breakpoint
ALTER TABLE "courses" ADD COLUMN "is_default" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "modules" SET "course_id" = (SELECT min("id") FROM "courses");--> statement-breakpoint
UPDATE "lessons" SET "course_id" = (SELECT min("id") FROM "courses");--> statement-breakpoint
UPDATE "lesson_versions" SET "course_id" = (SELECT min("id") FROM "courses");--> statement-breakpoint
UPDATE "quizzes" SET "course_id" = (SELECT min("id") FROM "courses");--> statement-breakpoint
UPDATE "user_progress" SET "course_id" = (SELECT min("id") FROM "courses");--> statement-breakpoint
UPDATE "quiz_attempts" SET "course_id" = (SELECT min("id") FROM "courses");--> statement-breakpoint
UPDATE "certificates" SET "course_id" = (SELECT min("id") FROM "courses");--> statement-breakpoint
ALTER TABLE "modules" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lessons" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lesson_versions" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "user_progress" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" ALTER COLUMN "course_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "certificates" DROP CONSTRAINT "certificates_user_id_unique";--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_lesson_key_unique";--> statement-breakpoint
ALTER TABLE "lessons" DROP CONSTRAINT "lessons_module_id_modules_id_fk";--> statement-breakpoint
DROP INDEX "lesson_versions_key_version";--> statement-breakpoint
DROP INDEX "lessons_module_active_order";--> statement-breakpoint
DROP INDEX "user_progress_user_lesson_key";--> statement-breakpoint
ALTER TABLE "modules" DROP CONSTRAINT "modules_pkey";--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_course_id_id_pk" PRIMARY KEY("course_id","id");--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lesson_versions" ADD CONSTRAINT "lesson_versions_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lessons" ADD CONSTRAINT "lessons_course_id_module_id_modules_course_id_id_fk" FOREIGN KEY ("course_id","module_id") REFERENCES "public"."modules"("course_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modules" ADD CONSTRAINT "modules_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD CONSTRAINT "quiz_attempts_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_progress" ADD CONSTRAINT "user_progress_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "certificates_user_course" ON "certificates" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lesson_versions_course_key_version" ON "lesson_versions" USING btree ("course_id","lesson_key","version");--> statement-breakpoint
CREATE UNIQUE INDEX "lessons_course_key" ON "lessons" USING btree ("course_id","lesson_key");--> statement-breakpoint
CREATE INDEX "lessons_course_module_active_order" ON "lessons" USING btree ("course_id","module_id","is_active","order");--> statement-breakpoint
CREATE UNIQUE INDEX "user_progress_user_course_lesson_key" ON "user_progress" USING btree ("user_id","course_id","lesson_key");--> statement-breakpoint
CREATE INDEX "quizzes_course" ON "quizzes" USING btree ("course_id");--> statement-breakpoint
CREATE UNIQUE INDEX "courses_one_default" ON "courses" USING btree ("is_default") WHERE "courses"."is_default";
--> statement-breakpoint
-- A course's status or default flag changes what every instance serves: it bumps course_version too.
CREATE TRIGGER "courses_course_changed" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "courses" FOR EACH STATEMENT EXECUTE FUNCTION "course_changed"();
--> statement-breakpoint
-- A course's files as last loaded or imported (what an admin's export zips).
CREATE TABLE "course_files" (
	"course_id" integer NOT NULL,
	"path" text NOT NULL,
	"content" "bytea" NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "course_files_course_id_path_pk" PRIMARY KEY("course_id","path")
);
--> statement-breakpoint
ALTER TABLE "course_files" ADD CONSTRAINT "course_files_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;
