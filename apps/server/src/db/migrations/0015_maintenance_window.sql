ALTER TABLE "instances" ADD COLUMN "maintenance_cron" text DEFAULT '0 0 * * 1' NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "maintenance_updated_at" timestamp with time zone;