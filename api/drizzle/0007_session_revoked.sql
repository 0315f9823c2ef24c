-- Hand-written: a session that is revoked or deleted (sign-out, password change, refresh-token reuse,
-- a deleted account's cascade) is NOTIFYed with its id, so every instance drops it from its session
-- validation cache at once (api/src/auth/sessionCache.ts).
CREATE OR REPLACE FUNCTION "session_revoked"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'DELETE' THEN
		PERFORM pg_notify('session_revoked', OLD."id"::text);
	ELSIF NEW."revoked_at" IS NOT NULL AND OLD."revoked_at" IS NULL THEN
		PERFORM pg_notify('session_revoked', NEW."id"::text);
	END IF;
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "sessions_revoked" AFTER UPDATE OF "revoked_at" OR DELETE ON "sessions" FOR EACH ROW EXECUTE FUNCTION "session_revoked"();
