CREATE TABLE "onboarding_facts" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"data_received_at" timestamp with time zone,
	"identified_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "ui_signals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"tenant_id" uuid NOT NULL,
	"instance_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone NOT NULL,
	"device_type" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_report_choices" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"weekly_report" boolean NOT NULL,
	"changed_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "weekly_report_sends" (
	"user_id" uuid NOT NULL,
	"week_start" timestamp with time zone NOT NULL,
	"tenant_id" uuid NOT NULL,
	"queued_at" timestamp with time zone NOT NULL,
	CONSTRAINT "weekly_report_sends_pk" PRIMARY KEY("user_id","week_start")
);
--> statement-breakpoint
ALTER TABLE "onboarding_facts" ADD CONSTRAINT "onboarding_facts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_signals" ADD CONSTRAINT "ui_signals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_signals" ADD CONSTRAINT "ui_signals_instance_id_instances_instance_id_fk" FOREIGN KEY ("instance_id") REFERENCES "public"."instances"("instance_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ui_signals" ADD CONSTRAINT "ui_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_report_choices" ADD CONSTRAINT "weekly_report_choices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_report_sends" ADD CONSTRAINT "weekly_report_sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weekly_report_sends" ADD CONSTRAINT "weekly_report_sends_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ui_signals_received_idx" ON "ui_signals" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "ui_signals_tenant_idx" ON "ui_signals" USING btree ("tenant_id","received_at");