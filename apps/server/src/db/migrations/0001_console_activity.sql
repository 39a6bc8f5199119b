CREATE TABLE "console_activities" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"action" text NOT NULL,
	"message" text NOT NULL,
	"instance_id" uuid,
	"instance_name" text,
	"user_id" uuid,
	"user_name" text DEFAULT 'System' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "console_activities" ADD CONSTRAINT "console_activities_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "console_activities_tenant_time_idx" ON "console_activities" USING btree ("tenant_id","created_at");