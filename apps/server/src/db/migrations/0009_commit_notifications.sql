-- Custom SQL migration file, put your code below! --
-- A row in an outbox table (domain events, queued mail) tells every listening console process once its
-- transaction commits: PostgreSQL sends NOTIFY at commit and never for a rolled-back transaction, so the
-- delivery job starts right after the change is visible, on whichever process has a worker free
-- (apps/server/src/jobs/commit-listener.ts). The payload is the job queue to kick.
CREATE OR REPLACE FUNCTION notify_console_commit() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('console_commits', TG_ARGV[0]);
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER domain_events_notify AFTER INSERT ON "domain_events" FOR EACH STATEMENT EXECUTE FUNCTION notify_console_commit('domain-events');
--> statement-breakpoint
CREATE TRIGGER mail_queue_notify AFTER INSERT ON "mail_queue" FOR EACH STATEMENT EXECUTE FUNCTION notify_console_commit('mail-delivery');
--> statement-breakpoint
-- Instances that exist before usage periods were recorded: their current period starts at their last change.
INSERT INTO "instance_usage_periods" ("id", "instance_id", "tenant_id", "status", "size", "disk_gb", "started_at")
SELECT gen_random_uuid(), "instance_id", "tenant_id", "status", "size", "disk_size", "updated_at" FROM "instances" WHERE "status" <> 'terminated';
