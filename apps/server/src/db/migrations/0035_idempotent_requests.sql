CREATE TABLE "idempotent_requests" (
	"tenant_id" uuid NOT NULL,
	"caller" text NOT NULL,
	"operation" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"response_sealed" text,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotent_requests_tenant_id_caller_operation_key_pk" PRIMARY KEY("tenant_id","caller","operation","key")
);
--> statement-breakpoint
ALTER TABLE "idempotent_requests" ADD CONSTRAINT "idempotent_requests_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotent_requests_created_idx" ON "idempotent_requests" USING btree ("created_at");