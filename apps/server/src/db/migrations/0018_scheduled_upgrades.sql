ALTER TABLE "instances" ADD COLUMN "scheduled_version" text;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "scheduled_version_at" timestamp with time zone;