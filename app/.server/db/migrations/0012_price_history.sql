CREATE TABLE "listing_price_changes" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "listing_price_changes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"listing_code" text NOT NULL,
	"field" text NOT NULL,
	"old_value" double precision,
	"new_value" double precision,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "first_seen_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "listing_price_changes_listing_idx" ON "listing_price_changes" USING btree ("listing_code","changed_at");--> statement-breakpoint
CREATE INDEX "listing_price_changes_changed_idx" ON "listing_price_changes" USING btree ("changed_at");