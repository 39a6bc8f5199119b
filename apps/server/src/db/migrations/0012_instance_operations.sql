ALTER TABLE "instances" ADD COLUMN "pending_cleanup_days" integer;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "pending_size" text;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "pending_version" text;