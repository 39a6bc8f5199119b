-- Custom SQL migration file, put your code below! --
-- The audit trail is append-only: rows may be inserted, never changed or removed,
-- whoever holds the connection (a bug, a careless script, an attacker with the app's
-- credentials all hit the same wall).
CREATE OR REPLACE FUNCTION audit_trail_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_trail is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_trail_no_update_or_delete BEFORE UPDATE OR DELETE ON "audit_trail" FOR EACH ROW EXECUTE FUNCTION audit_trail_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_trail_no_truncate BEFORE TRUNCATE ON "audit_trail" FOR EACH STATEMENT EXECUTE FUNCTION audit_trail_append_only();
