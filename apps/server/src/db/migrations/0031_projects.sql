CREATE TABLE "projects" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"name" text NOT NULL,
	"project_key" text NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "projects_project_key_unique" UNIQUE("project_key")
);
--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "projects" ADD CONSTRAINT "projects_instance_id_instances_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("instance_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "projects_tenant_idx" ON "projects" USING btree ("tenant_id");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_instance_name_idx" ON "projects" USING btree ("instance_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "projects_instance_default_idx" ON "projects" USING btree ("instance_id") WHERE "projects"."is_default";--> statement-breakpoint
-- Every instance made before projects gets its default project now, with the instance's id and
-- name, so alerts, errors and onboarding keyed by the instance keep their /{siteId}/… links. The
-- key is 244 random bits from gen_random_uuid() (two UUIDs' hex, 64 characters), the form the
-- console makes (modules/projects' newProjectKey).
INSERT INTO "projects" ("id", "tenant_id", "instance_id", "name", "project_key", "is_default", "created_by", "created_at", "updated_at")
SELECT "instance_id", "tenant_id", "instance_id", "name",
       replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''),
       true, "created_by", "created_at", "created_at"
FROM "instances";
