ALTER TABLE "lead_deliveries" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "lead_deliveries" ADD COLUMN "waiting_on" text;--> statement-breakpoint
ALTER TABLE "search_alert_mails" ADD COLUMN "claim_token" uuid;--> statement-breakpoint
ALTER TABLE "search_alert_mails" ADD COLUMN "waiting_on" text;