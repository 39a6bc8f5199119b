CREATE TABLE "instance_metrics" (
	"instance_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu" smallint NOT NULL,
	"memory" smallint NOT NULL,
	"disk" smallint NOT NULL,
	"net_in" bigint,
	"net_out" bigint,
	CONSTRAINT "instance_metrics_pk" PRIMARY KEY("instance_id","at") INCLUDE ("cpu","memory","disk","net_in","net_out")
) WITH (autovacuum_vacuum_insert_scale_factor = 0.01, autovacuum_vacuum_scale_factor = 0.01);
--> statement-breakpoint
ALTER TABLE "instance_metrics" ADD CONSTRAINT "instance_metrics_instance_id_instances_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("instance_id") ON DELETE no action ON UPDATE no action;