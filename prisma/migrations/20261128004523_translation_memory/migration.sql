-- The translation memory. Each key carries a sketch of its source text (bands of MinHash over its trigrams, made
-- by the server: see memory-sketch.ts); each verified translation carries its source's bands salted with its
-- language, kept by the trigger below, and a GIN index over them finds a key's candidates in a few index pages:
-- only verified translations of that language are in it.
ALTER TYPE "TranslationOrigin" ADD VALUE 'memory';

-- Empty until the server sketches the key: a sync writes the bands of the keys it writes, and the
-- keys.memory-sketch job those of keys older than the memory.
ALTER TABLE "translatable_keys" ADD COLUMN     "memory_bands" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

-- The keys still to sketch, so looking for them costs nothing once there are none.
CREATE INDEX "translatable_keys_unsketched_idx" ON "translatable_keys" ("id") WHERE "memory_bands" = '{}';

ALTER TABLE "translations" ADD COLUMN     "memory_bands" INTEGER[] DEFAULT ARRAY[]::INTEGER[];

CREATE INDEX "translations_memory_bands_idx" ON "translations" USING GIN ("memory_bands");

-- A source's bands as the entries of one language: the same text in two languages shares no entry. 0 marks a
-- text without trigrams, which matches nothing.
CREATE OR REPLACE FUNCTION public.memory_salted(bands integer[], space_locale_id integer) RETURNS integer[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT coalesce(array_agg(hashint4(b # space_locale_id)), '{}') FROM unnest(bands) b WHERE b <> 0 $$;

-- A translation is in the memory while verified against its key's source: whoever verifies it (a save, a bulk
-- verify, a revert, an import), the bands follow in the same statement. An outdated one keeps stale bands until
-- it changes, which the lookup filters out by comparing hashes.
CREATE OR REPLACE FUNCTION public.translation_memory_bands() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.reference_hash IS NULL THEN
    NEW.memory_bands := '{}';
  ELSE
    SELECT CASE WHEN k.hash = NEW.reference_hash THEN public.memory_salted(k.memory_bands, NEW.space_locale_id)
                ELSE '{}'::integer[] END
      INTO NEW.memory_bands
      FROM translatable_keys k WHERE k.id = NEW.translatable_key_id;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "translations_memory_bands"
  BEFORE INSERT OR UPDATE OF reference_hash, translatable_key_id ON "translations"
  FOR EACH ROW EXECUTE FUNCTION public.translation_memory_bands();
