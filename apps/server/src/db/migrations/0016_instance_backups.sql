CREATE TABLE "instance_backups" (
	"backup_id" uuid PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"slot" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"bytes" bigint,
	"failure" text,
	"requested_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"taken_at" timestamp with time zone,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "pending_backup_id" uuid;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "restore_backup_id" uuid;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "restore_id" uuid;--> statement-breakpoint
ALTER TABLE "instance_backups" ADD CONSTRAINT "instance_backups_instance_id_instances_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("instance_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_backups" ADD CONSTRAINT "instance_backups_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "instance_backups_slot_uq" ON "instance_backups" USING btree ("instance_id","slot");--> statement-breakpoint
CREATE INDEX "instance_backups_instance_created_idx" ON "instance_backups" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE INDEX "instance_backups_status_taken_idx" ON "instance_backups" USING btree ("status","taken_at");