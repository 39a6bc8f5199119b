CREATE TABLE "mail_queue" (
	"id" uuid PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_event_cursors" (
	"consumer" text PRIMARY KEY NOT NULL,
	"position" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "domain_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"position" bigint,
	"type" text NOT NULL,
	"tenant_id" uuid NOT NULL,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instance_usage_periods" (
	"id" uuid PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"status" text NOT NULL,
	"size" text NOT NULL,
	"disk_gb" integer NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_usage_periods" ADD CONSTRAINT "instance_usage_periods_instance_id_instances_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("instance_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_usage_periods" ADD CONSTRAINT "instance_usage_periods_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mail_queue_next_attempt_idx" ON "mail_queue" USING btree ("next_attempt_at");--> statement-breakpoint
CREATE UNIQUE INDEX "domain_events_position_uq" ON "domain_events" USING btree ("position");--> statement-breakpoint
CREATE INDEX "domain_events_unpositioned_idx" ON "domain_events" USING btree ("occurred_at","id") WHERE "domain_events"."position" is null;--> statement-breakpoint
CREATE INDEX "domain_events_occurred_idx" ON "domain_events" USING btree ("occurred_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instance_usage_current_uq" ON "instance_usage_periods" USING btree ("instance_id") WHERE "instance_usage_periods"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "instance_usage_tenant_time_idx" ON "instance_usage_periods" USING btree ("tenant_id","started_at");