ALTER TABLE "instances" ADD COLUMN "sso_idp" jsonb;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "sso_enforce" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "sso_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "sso_applied_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "sso_updated_at" timestamp with time zone;