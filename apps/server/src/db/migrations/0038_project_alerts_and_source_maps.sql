ALTER TABLE "source_maps" DROP CONSTRAINT "source_maps_file";--> statement-breakpoint
ALTER TABLE "alert_rules" ADD COLUMN "project_id" uuid;--> statement-breakpoint
ALTER TABLE "source_maps" ADD COLUMN "project_id" uuid;--> statement-breakpoint
-- Rules and maps made before projects were the instance's: its default project's, whose id is the instance's (0031 made one for every instance).
UPDATE "alert_rules" SET "project_id" = "instance_id";--> statement-breakpoint
UPDATE "source_maps" SET "project_id" = "instance_id";--> statement-breakpoint
ALTER TABLE "alert_rules" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "source_maps" ALTER COLUMN "project_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "alert_rules" ADD CONSTRAINT "alert_rules_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "source_maps" ADD CONSTRAINT "source_maps_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_rules_project_idx" ON "alert_rules" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "source_maps" ADD CONSTRAINT "source_maps_project_file" UNIQUE("project_id","release","file_url");
