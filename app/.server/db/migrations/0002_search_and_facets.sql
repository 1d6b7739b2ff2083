ALTER TABLE "listings" ADD COLUMN "amenities" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "search_text" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "condominiums_name_trgm_idx" ON "condominiums" USING gin (f_unaccent(lower("name")) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_amenities_idx" ON "listings" USING gin ("amenities");--> statement-breakpoint
CREATE INDEX "listings_search_fts_idx" ON "listings" USING gin (to_tsvector('portuguese', "search_text"));--> statement-breakpoint
CREATE INDEX "listings_search_trgm_idx" ON "listings" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "listings_location_idx" ON "listings" USING btree ("latitude","longitude") WHERE "listings"."removed_at" is null;--> statement-breakpoint
-- Rows synced before this migration have empty amenities and search text: the
-- next sync must be a full one (no watermark = full run, sync/run.ts).
UPDATE "sync_state" SET "watermark" = NULL;
