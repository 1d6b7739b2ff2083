CREATE INDEX "leads_listing_created_idx" ON "leads" USING btree ("listing_code","created_at");--> statement-breakpoint
CREATE INDEX "leads_duplicate_of_idx" ON "leads" USING btree ("duplicate_of_id");--> statement-breakpoint
CREATE INDEX "leads_merged_into_idx" ON "leads" USING btree ("merged_into_id");