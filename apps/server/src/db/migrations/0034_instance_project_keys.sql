ALTER TABLE "instances" ADD COLUMN "project_keys_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "instances" ADD COLUMN "project_keys_applied_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Every live instance's agent has the account's key only: one version ahead, a running one gets its
-- projects' keys from the config step when the console starts (it resumes pending config), a stopped one when it runs.
UPDATE "instances" SET "project_keys_version" = 1 WHERE "status" <> 'terminated';
