CREATE TABLE "neighbourhood_markets" (
	"city_slug" text NOT NULL,
	"neighbourhood_slug" text NOT NULL,
	"city" text NOT NULL,
	"neighbourhood" text NOT NULL,
	"stock" integer NOT NULL,
	"sale_price_per_m2" double precision,
	"rent_price_per_m2" double precision,
	"figures" jsonb NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	"data_as_of" timestamp with time zone NOT NULL,
	CONSTRAINT "neighbourhood_markets_city_slug_neighbourhood_slug_pk" PRIMARY KEY("city_slug","neighbourhood_slug")
);
--> statement-breakpoint
CREATE INDEX "neighbourhood_markets_stock_idx" ON "neighbourhood_markets" USING btree ("city_slug","stock" desc);
