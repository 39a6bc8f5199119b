ALTER TABLE "sso_connections" ADD COLUMN "saml_sp_cert" text;--> statement-breakpoint
ALTER TABLE "sso_connections" ADD COLUMN "saml_sp_key_sealed" text;