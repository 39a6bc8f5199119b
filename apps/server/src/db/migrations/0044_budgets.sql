CREATE TABLE "budget_crossings" (
	"tenant_id" uuid NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"threshold" integer NOT NULL,
	"spend" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"crossed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "budget_crossings_tenant_id_period_start_threshold_pk" PRIMARY KEY("tenant_id","period_start","threshold")
);
--> statement-breakpoint
CREATE TABLE "budgets" (
	"tenant_id" uuid PRIMARY KEY NOT NULL,
	"amount" bigint NOT NULL,
	"thresholds" integer[] NOT NULL,
	"hard_stop" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"updated_by" uuid
);
--> statement-breakpoint
ALTER TABLE "budget_crossings" ADD CONSTRAINT "budget_crossings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "budgets" ADD CONSTRAINT "budgets_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;