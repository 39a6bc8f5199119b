CREATE TABLE "idempotency_keys" (
	"tenant_id" uuid NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer NOT NULL,
	"response" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "idempotency_keys_tenant_id_key_pk" PRIMARY KEY("tenant_id","key")
);
--> statement-breakpoint
CREATE TABLE "instance_activities" (
	"activity_id" uuid PRIMARY KEY NOT NULL,
	"instance_id" uuid NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"user_name" text DEFAULT 'System' NOT NULL,
	"action" text NOT NULL,
	"status" text NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "instances" (
	"instance_id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'creating' NOT NULL,
	"in_progress" boolean DEFAULT false NOT NULL,
	"provider" text NOT NULL,
	"region" text NOT NULL,
	"size" text NOT NULL,
	"url" text NOT NULL,
	"instance_url" text,
	"health_check_url" text,
	"version" text NOT NULL,
	"disk_size" integer NOT NULL,
	"storage_in_progress" boolean DEFAULT false NOT NULL,
	"is_protected" boolean DEFAULT false NOT NULL,
	"high_availability" boolean DEFAULT false NOT NULL,
	"attach_gpu" boolean DEFAULT false NOT NULL,
	"failure" text,
	"ui_failure" text,
	"healthy" boolean DEFAULT false NOT NULL,
	"last_health_at" timestamp with time zone,
	"client_network_issue" boolean DEFAULT false NOT NULL,
	"resolved_ips" text[] DEFAULT '{}' NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" uuid,
	"updated_by" uuid,
	"deleted_by" uuid
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_activities" ADD CONSTRAINT "instance_activities_instance_id_instances_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("instance_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instance_activities" ADD CONSTRAINT "instance_activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "instances" ADD CONSTRAINT "instances_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created_idx" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "instance_activities_instance_time_idx" ON "instance_activities" USING btree ("instance_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "instances_url_uq" ON "instances" USING btree (lower("url")) WHERE "instances"."status" <> 'terminated';--> statement-breakpoint
CREATE INDEX "instances_tenant_created_idx" ON "instances" USING btree ("tenant_id","created_at") WHERE "instances"."status" <> 'terminated';--> statement-breakpoint
CREATE INDEX "instances_tenant_name_idx" ON "instances" USING btree ("tenant_id",lower("name"));--> statement-breakpoint
CREATE INDEX "instances_status_idx" ON "instances" USING btree ("status");