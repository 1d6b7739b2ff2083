ALTER TABLE "listings" ADD COLUMN "photo_count" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
UPDATE "listings" SET "photo_count" = COALESCE(jsonb_array_length("data"->'photos'), 0) WHERE jsonb_typeof("data"->'photos') = 'array';
