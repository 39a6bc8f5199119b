CREATE TABLE "instance_metric_blocks" (
	"instance_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"samples" smallint NOT NULL,
	"cpu" integer NOT NULL,
	"memory" integer NOT NULL,
	"disk" integer NOT NULL,
	"net_samples" smallint NOT NULL,
	"net_in" bigint NOT NULL,
	"net_out" bigint NOT NULL,
	CONSTRAINT "instance_metric_blocks_pk" PRIMARY KEY("instance_id","at") INCLUDE ("samples","cpu","memory","disk","net_samples","net_in","net_out")
) WITH (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE "instance_metric_blocks" ADD CONSTRAINT "instance_metric_blocks_instance_id_instances_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("instance_id") ON DELETE no action ON UPDATE no action;
--> statement-breakpoint
INSERT INTO "instance_metric_blocks" ("instance_id", "at", "samples", "cpu", "memory", "disk", "net_samples", "net_in", "net_out")
SELECT "instance_id", to_timestamp((extract(epoch from "at")::int8 / 600) * 600), count(*), sum("cpu"), sum("memory"), sum("disk"), count("net_in"), coalesce(sum("net_in"), 0), coalesce(sum("net_out"), 0)
FROM "instance_metrics" GROUP BY 1, 2;