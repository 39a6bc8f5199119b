CREATE TABLE "audit_trail" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"user_id" uuid,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"action" text NOT NULL,
	"method" text NOT NULL,
	"route" text NOT NULL,
	"endpoint" text NOT NULL,
	"parameters" jsonb NOT NULL,
	"payload" jsonb,
	"status" integer NOT NULL,
	"instance_id" uuid,
	"request_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_token_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_token_sealed" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "invitation_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "audit_trail" ADD CONSTRAINT "audit_trail_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_trail_tenant_time_idx" ON "audit_trail" USING btree ("tenant_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_trail_tenant_user_idx" ON "audit_trail" USING btree ("tenant_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_invitation_token_uq" ON "users" USING btree ("invitation_token_hash");