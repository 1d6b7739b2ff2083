CREATE TABLE "privacy_actions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"admin_uid" text,
	"admin_email" text DEFAULT '' NOT NULL,
	"action" text NOT NULL,
	"subject_hash" text,
	"reason" text DEFAULT '' NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE INDEX "privacy_actions_at_idx" ON "privacy_actions" USING btree ("at");--> statement-breakpoint
CREATE INDEX "privacy_actions_subject_idx" ON "privacy_actions" USING btree ("subject_hash");