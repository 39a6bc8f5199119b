CREATE TABLE "logger_options" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"options" jsonb NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "logger_applied_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "logger_options" ADD CONSTRAINT "logger_options_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "logger_options" ADD CONSTRAINT "logger_options_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;