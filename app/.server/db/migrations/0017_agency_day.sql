CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"lead_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"actor_uid" text,
	"actor_name" text DEFAULT '' NOT NULL,
	"from_value" text,
	"to_value" text,
	"note" text
);
--> statement-breakpoint
CREATE TABLE "owner_report_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"month" text NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"waiting_on" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_report_views" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"report_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owner_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token_hash" text NOT NULL,
	"listing_code" text NOT NULL,
	"created_by_uid" text NOT NULL,
	"created_by_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoked_by_uid" text,
	"owner_name" text DEFAULT '' NOT NULL,
	"owner_email" text DEFAULT '' NOT NULL,
	"monthly_opt_in" boolean DEFAULT false NOT NULL,
	"opt_in_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_by" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "lost_reason" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_response_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "first_response_uid" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "duplicate_of_id" uuid;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "merged_into_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "receives_leads" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_round_robin_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_events" ADD CONSTRAINT "lead_events_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_report_mails" ADD CONSTRAINT "owner_report_mails_report_id_owner_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."owner_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "owner_report_views" ADD CONSTRAINT "owner_report_views_report_id_owner_reports_id_fk" FOREIGN KEY ("report_id") REFERENCES "public"."owner_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_events_lead_at_idx" ON "lead_events" USING btree ("lead_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_report_mails_report_month_idx" ON "owner_report_mails" USING btree ("report_id","month");--> statement-breakpoint
CREATE INDEX "owner_report_mails_due_idx" ON "owner_report_mails" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "owner_report_views_report_at_idx" ON "owner_report_views" USING btree ("report_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "owner_reports_token_hash_idx" ON "owner_reports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "owner_reports_listing_idx" ON "owner_reports" USING btree ("listing_code","created_at");--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_duplicate_of_id_leads_id_fk" FOREIGN KEY ("duplicate_of_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "leads" ADD CONSTRAINT "leads_merged_into_id_leads_id_fk" FOREIGN KEY ("merged_into_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "leads_phone_created_idx" ON "leads" USING btree ("phone","created_at");--> statement-breakpoint
CREATE INDEX "leads_email_created_idx" ON "leads" USING btree ("email","created_at");--> statement-breakpoint
UPDATE "leads" SET "status" = 'fechado' WHERE "status" = 'concluido' AND "kind" <> 'lgpd';--> statement-breakpoint
UPDATE "leads" SET "assigned_by" = 'admin', "assigned_at" = "updated_at" WHERE "assigned_uid" IS NOT NULL;
