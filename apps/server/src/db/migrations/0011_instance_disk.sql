ALTER TABLE "instances" ADD COLUMN "pending_disk_size" integer;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "last_storage_update_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "last_cleanup_at" timestamp with time zone;