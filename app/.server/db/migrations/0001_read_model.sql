CREATE TABLE "brokers" (
	"code" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "condominiums" (
	"slug" text PRIMARY KEY NOT NULL,
	"building_key" text NOT NULL,
	"name" text NOT NULL,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"neighbourhood" text NOT NULL,
	"neighbourhood_slug" text NOT NULL,
	"latitude" double precision,
	"longitude" double precision,
	"cover_photo_url" text DEFAULT '' NOT NULL,
	"data" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"code" text PRIMARY KEY NOT NULL,
	"category" text NOT NULL,
	"category_slug" text NOT NULL,
	"city" text NOT NULL,
	"city_slug" text NOT NULL,
	"state" text DEFAULT '' NOT NULL,
	"neighbourhood" text NOT NULL,
	"neighbourhood_slug" text NOT NULL,
	"for_sale" boolean NOT NULL,
	"for_rent" boolean NOT NULL,
	"sale_price" double precision,
	"rent_price" double precision,
	"condo_fee" double precision,
	"iptu" double precision,
	"monthly_cost_sale" double precision,
	"monthly_cost_rent" double precision,
	"area" double precision,
	"bedrooms" integer,
	"suites" integer,
	"parking_spaces" integer,
	"bathrooms" integer,
	"latitude" double precision,
	"longitude" double precision,
	"title" text NOT NULL,
	"is_launch" boolean DEFAULT false NOT NULL,
	"is_exclusive" boolean DEFAULT false NOT NULL,
	"is_featured" boolean DEFAULT false NOT NULL,
	"condominium_slug" text,
	"broker_code" text,
	"cover_photo_url" text DEFAULT '' NOT NULL,
	"updated_at" date,
	"data" jsonb NOT NULL,
	"synced_at" timestamp with time zone DEFAULT now() NOT NULL,
	"removed_at" timestamp with time zone,
	"removal_reason" text
);
--> statement-breakpoint
CREATE TABLE "sync_state" (
	"job" text PRIMARY KEY NOT NULL,
	"watermark" date,
	"last_started_at" timestamp with time zone,
	"last_success_at" timestamp with time zone,
	"last_error_at" timestamp with time zone,
	"last_error" text,
	"counts" jsonb,
	"source_fingerprint" text,
	"last_mode" text
);
--> statement-breakpoint
CREATE INDEX "condominiums_city_nb_idx" ON "condominiums" USING btree ("city_slug","neighbourhood_slug");--> statement-breakpoint
CREATE UNIQUE INDEX "condominiums_building_key_idx" ON "condominiums" USING btree ("building_key");--> statement-breakpoint
CREATE INDEX "listings_active_idx" ON "listings" USING btree ("removed_at");--> statement-breakpoint
CREATE INDEX "listings_city_nb_idx" ON "listings" USING btree ("city_slug","neighbourhood_slug");--> statement-breakpoint
CREATE INDEX "listings_category_idx" ON "listings" USING btree ("category_slug");--> statement-breakpoint
CREATE INDEX "listings_sale_price_idx" ON "listings" USING btree ("sale_price") WHERE "listings"."for_sale" and "listings"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "listings_rent_price_idx" ON "listings" USING btree ("rent_price") WHERE "listings"."for_rent" and "listings"."removed_at" is null;--> statement-breakpoint
CREATE INDEX "listings_updated_idx" ON "listings" USING btree ("updated_at");--> statement-breakpoint
CREATE INDEX "listings_condominium_idx" ON "listings" USING btree ("condominium_slug");--> statement-breakpoint
CREATE INDEX "listings_broker_idx" ON "listings" USING btree ("broker_code");