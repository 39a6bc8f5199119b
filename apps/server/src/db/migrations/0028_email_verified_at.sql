ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
-- Members who joined by an invitation proved their address by its link; owners who signed up did not (super_admin marks the one who signed up).
UPDATE "users" SET "email_verified_at" = "joined_at" WHERE "joined_at" IS NOT NULL AND "super_admin" = false;
