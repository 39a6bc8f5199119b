CREATE TABLE "trial_notices" (
	"tenant_id" uuid NOT NULL,
	"notice" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	CONSTRAINT "trial_notices_tenant_id_notice_pk" PRIMARY KEY("tenant_id","notice")
);
--> statement-breakpoint
ALTER TABLE "trial_notices" ADD CONSTRAINT "trial_notices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;