CREATE TABLE "api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"name" text NOT NULL,
	"role_id" uuid NOT NULL,
	"created_by" uuid NOT NULL,
	"secret_hash" text NOT NULL,
	"previous_secret_hash" text,
	"previous_valid_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_access_list" text[] DEFAULT '{}' NOT NULL,
	"last_used_at" timestamp with time zone,
	"last_used_address" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "api_keys_secret_hash_unique" UNIQUE("secret_hash"),
	CONSTRAINT "api_keys_previous_secret_hash_unique" UNIQUE("previous_secret_hash")
);
--> statement-breakpoint
ALTER TABLE "tenants" ALTER COLUMN "api_key" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_trail" ADD COLUMN "api_key_id" uuid;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_role_id_roles_id_fk" FOREIGN KEY ("role_id") REFERENCES "public"."roles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_tenant_idx" ON "api_keys" USING btree ("tenant_id","created_at");--> statement-breakpoint
-- The previous release's account-wide key opened nothing (no route took it): cleared rather than kept
-- as a value that looks like a credential. The column itself goes in the next release (expand, then contract).
UPDATE "tenants" SET "api_key" = NULL;
