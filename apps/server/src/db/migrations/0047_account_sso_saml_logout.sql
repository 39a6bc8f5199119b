ALTER TABLE "sso_connections" ADD COLUMN "saml_logout_url" text;--> statement-breakpoint
ALTER TABLE "sso_sessions" ADD COLUMN "saml_name_id_format" text;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD COLUMN "saml_request_id" text;--> statement-breakpoint
ALTER TABLE "sso_sign_ins" ADD COLUMN "saml_outcome_sealed" text;