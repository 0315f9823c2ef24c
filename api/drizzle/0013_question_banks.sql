CREATE TABLE "quiz_question_versions" (
	"quiz_id" integer NOT NULL,
	"question_id" integer NOT NULL,
	"version" integer NOT NULL,
	"content" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quiz_question_versions_question_id_version_pk" PRIMARY KEY("question_id","version")
);
--> statement-breakpoint
ALTER TABLE "quiz_attempts" ADD COLUMN "questions" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_questions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "draw_count" integer;--> statement-breakpoint
ALTER TABLE "quizzes" ADD COLUMN "shuffle_options" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "quiz_question_versions" ADD CONSTRAINT "quiz_question_versions_quiz_id_quizzes_id_fk" FOREIGN KEY ("quiz_id") REFERENCES "public"."quizzes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quizzes" ADD CONSTRAINT "quizzes_draw_count" CHECK ("quizzes"."draw_count" >= 1);--> statement-breakpoint
-- Hand-written from here. Every question as it is now is its version 1, and every attempt made
-- before banks showed every question of its quiz in order with options A-D: its draw says so, so
-- review and grading read old attempts the same way they read new ones.
INSERT INTO "quiz_question_versions" ("quiz_id", "question_id", "version", "content")
SELECT "quiz_id", "id", 1, jsonb_build_object(
	'question_number', "question_number", 'question_text', "question_text",
	'option_a', "option_a", 'option_b', "option_b", 'option_c', "option_c", 'option_d', "option_d",
	'correct_answer', "correct_answer", 'explanation', "explanation", 'module_id', "module_id",
	'objectives', "objectives")
FROM "quiz_questions";
--> statement-breakpoint
UPDATE "quiz_attempts" a SET "questions" = coalesce((
	SELECT jsonb_agg(jsonb_build_object('question_id', q."id", 'version', 1, 'options', '["A","B","C","D"]'::jsonb)
		ORDER BY q."question_number")
	FROM "quiz_questions" q WHERE q."quiz_id" = a."quiz_id"), '[]'::jsonb);
