ALTER TABLE "instances" ADD COLUMN "cors_origins" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "cors_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "cors_applied_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "cors_updated_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "retention_days" integer DEFAULT 7;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "retention_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "retention_applied_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "retention_updated_at" timestamp with time zone;