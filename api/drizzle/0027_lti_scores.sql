CREATE TABLE "lti_grade_links" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"registration_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"course_id" integer NOT NULL,
	"module_id" integer,
	"resource_link_id" text NOT NULL,
	"platform_user_id" text NOT NULL,
	"line_item_url" text,
	"line_items_url" text,
	"scopes" text NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lti_score_sends" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"link_id" bigint NOT NULL,
	"registration_id" uuid NOT NULL,
	"score" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"last_status" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lti_grade_links" ADD CONSTRAINT "lti_grade_links_registration_id_lti_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."lti_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_links" ADD CONSTRAINT "lti_grade_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_grade_links" ADD CONSTRAINT "lti_grade_links_course_id_courses_id_fk" FOREIGN KEY ("course_id") REFERENCES "public"."courses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_sends" ADD CONSTRAINT "lti_score_sends_link_id_lti_grade_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."lti_grade_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lti_score_sends" ADD CONSTRAINT "lti_score_sends_registration_id_lti_registrations_id_fk" FOREIGN KEY ("registration_id") REFERENCES "public"."lti_registrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lti_grade_links_link" ON "lti_grade_links" USING btree ("registration_id","user_id","resource_link_id");--> statement-breakpoint
CREATE INDEX "lti_grade_links_user_course" ON "lti_grade_links" USING btree ("user_id","course_id");--> statement-breakpoint
CREATE INDEX "lti_score_sends_due" ON "lti_score_sends" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "lti_score_sends_registration" ON "lti_score_sends" USING btree ("registration_id","id");--> statement-breakpoint
CREATE INDEX "lti_score_sends_link" ON "lti_score_sends" USING btree ("link_id","status");