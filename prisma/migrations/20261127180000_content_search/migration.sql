-- Content search: case- and accent-insensitive substring search over story names, slugs, sources and translations.
-- Both extensions are trusted: a database owner may create them without being a superuser.
CREATE EXTENSION IF NOT EXISTS "unaccent" WITH SCHEMA public;
CREATE EXTENSION IF NOT EXISTS "pg_trgm" WITH SCHEMA public;

-- unaccent() is only STABLE (its dictionary could change), so an index cannot use it directly; with the
-- dictionary named, the result depends on the text alone.
CREATE OR REPLACE FUNCTION public.search_text(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;

-- Trigram indexes answer LIKE '%...%' on the folded text without reading every key of the space.
CREATE INDEX "translatable_keys_search_idx" ON "translatable_keys" USING gin (public.search_text("value_text") gin_trgm_ops);
CREATE INDEX "translations_search_idx" ON "translations" USING gin (public.search_text("value_text") gin_trgm_ops);
