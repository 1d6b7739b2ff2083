-- Visits booked online (ADR 0088). btree_gist lets the exclusion constraint
-- compare the calendar with = inside a GiST index; it ships with Debian's
-- PostgreSQL 15 contrib as a trusted extension, and PGlite loads it at
-- construction (app/.server/db/index.ts).
CREATE EXTENSION IF NOT EXISTS btree_gist;
--> statement-breakpoint
CREATE TABLE "broker_availability" (
	"uid" text PRIMARY KEY NOT NULL,
	"weekly" jsonb NOT NULL,
	"days_off" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"slot_minutes" integer DEFAULT 60 NOT NULL,
	"buffer_minutes" integer DEFAULT 15 NOT NULL,
	"horizon_days" integer DEFAULT 14 NOT NULL,
	"min_notice_minutes" integer DEFAULT 120 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_code" text NOT NULL,
	"calendar" text NOT NULL,
	"broker_uid" text,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'booked' NOT NULL,
	"visitor_name" text NOT NULL,
	"visitor_phone" text NOT NULL,
	"visitor_email" text DEFAULT '' NOT NULL,
	"token_hash" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"lead_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	"rating" smallint,
	"feedback" text DEFAULT '' NOT NULL,
	"feedback_at" timestamp with time zone,
	CONSTRAINT "visits_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action,
	CONSTRAINT "visits_ends_after_start" CHECK ("ends_at" > "starts_at"),
	CONSTRAINT "visits_rating_range" CHECK ("rating" IS NULL OR "rating" BETWEEN 1 AND 5)
);
--> statement-breakpoint
-- A booking can never be taken twice: two booked visits of one calendar never
-- overlap, whatever the servers do at the same instant (the database decides).
ALTER TABLE "visits" ADD CONSTRAINT "visits_no_overlap"
	EXCLUDE USING gist ("calendar" WITH =, tstzrange("starts_at", "ends_at") WITH &&)
	WHERE ("status" = 'booked');
--> statement-breakpoint
CREATE UNIQUE INDEX "visits_token_hash_idx" ON "visits" USING btree ("token_hash");
--> statement-breakpoint
CREATE UNIQUE INDEX "visits_idempotency_key_idx" ON "visits" USING btree ("idempotency_key");
--> statement-breakpoint
CREATE INDEX "visits_calendar_starts_idx" ON "visits" USING btree ("calendar","starts_at");
--> statement-breakpoint
CREATE INDEX "visits_listing_idx" ON "visits" USING btree ("listing_code","starts_at");
--> statement-breakpoint
CREATE TABLE "visit_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"visit_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"for_starts_at" timestamp with time zone NOT NULL,
	"recipient" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"claim_token" uuid,
	"last_error" text,
	"waiting_on" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_mails_visit_id_visits_id_fk" FOREIGN KEY ("visit_id") REFERENCES "public"."visits"("id") ON DELETE cascade ON UPDATE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX "visit_mails_once_idx" ON "visit_mails" USING btree ("visit_id","kind","for_starts_at");
--> statement-breakpoint
CREATE INDEX "visit_mails_due_idx" ON "visit_mails" USING btree ("status","next_attempt_at");
