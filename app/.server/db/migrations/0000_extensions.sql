-- Extensions the catalogue search needs (architecture.md "Data flow": Portuguese,
-- unaccented full text; trigram similarity for typo-tolerant search). Both ship
-- with Debian's PostgreSQL 15 (postgresql-contrib) and are "trusted" extensions,
-- so a database owner may create them. PGlite loads them at construction
-- (app/.server/db/index.ts) and this creates them in its catalogue.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE; an IMMUTABLE wrapper with the dictionary fixed lets
-- indexes (expression / generated columns) use it.
CREATE OR REPLACE FUNCTION public.f_unaccent(text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT public.unaccent('public.unaccent'::regdictionary, $1) $$;
