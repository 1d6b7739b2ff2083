ALTER TABLE "listings" ADD COLUMN "condominium_name" text;--> statement-breakpoint
CREATE INDEX "listings_recent_idx" ON "listings" USING btree ("updated_at" desc nulls last,"code") WHERE "listings"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "listings_area_idx" ON "listings" USING btree ("area" desc nulls last,"code") WHERE "listings"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "listings_cost_sale_idx" ON "listings" USING btree ("monthly_cost_sale","code") WHERE "listings"."for_sale" and "listings"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "listings_cost_rent_idx" ON "listings" USING btree ("monthly_cost_rent","code") WHERE "listings"."for_rent" and "listings"."removed_at" is null;--> statement-breakpoint
-- Fill the new column from the stored domain object (no resync needed).
UPDATE "listings" SET "condominium_name" = NULLIF(btrim("data"->>'development'), '') WHERE "condominium_name" IS NULL;
--> statement-breakpoint
ANALYZE "listings";
