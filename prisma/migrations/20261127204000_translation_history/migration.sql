-- CreateTable
CREATE TABLE "translation_history" (
    "id" SERIAL NOT NULL,
    "translatable_key_id" INTEGER NOT NULL,
    "space_locale_id" INTEGER NOT NULL,
    "value" JSONB,
    "value_text" TEXT NOT NULL,
    "reference_hash" TEXT,
    "status" TEXT NOT NULL,
    "origin" TEXT NOT NULL,
    "user_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "translation_history_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "translation_history_translatable_key_id_space_locale_id_id_idx" ON "translation_history"("translatable_key_id", "space_locale_id", "id");

-- AddForeignKey
ALTER TABLE "translation_history" ADD CONSTRAINT "translation_history_translatable_key_id_fkey" FOREIGN KEY ("translatable_key_id") REFERENCES "translatable_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_history" ADD CONSTRAINT "translation_history_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_history" ADD CONSTRAINT "translation_history_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- The history is written by triggers rather than by each writer: saves, verification, AI runs, syncs and
-- reverts all change `translations` (through Prisma and through raw set-based SQL), and a trigger records every
-- one of them in the statement that makes the change, so no writer can forget to, and a bulk write stays one
-- statement (each trigger is INSERT ... SELECT over the statement's transition tables). The writer declares
-- who and what changed the translations with transaction-local settings (`polyblok.change_origin`,
-- `polyblok.change_user`); a write that declares nothing is still recorded, with the row's own origin and author.
-- A translation as first imported from Storyblok is its own history until it changes: importing a space writes
-- no second copy of every value, and the entry is written from the row when the first change comes (so the
-- translations that existed before this migration need no backfill either). Keys are looked up by scalar
-- subqueries (an index probe per changed row) rather than joined: a join may hash the whole table per batch.

-- The status a translation has against its key's source now (removals are written as missing).
CREATE FUNCTION translation_status(key_id integer, reference_hash text) RETURNS text LANGUAGE sql STABLE AS $$
  SELECT CASE WHEN reference_hash IS NULL THEN 'unverified'
    WHEN reference_hash = (SELECT k.hash FROM translatable_keys k WHERE k.id = key_id) THEN 'verified'
    ELSE 'outdated' END
$$;

-- Whether the key has history in the language yet: an index probe per row (PL/pgSQL, so that the planner never
-- inlines it into an anti-join over the whole history).
CREATE FUNCTION has_translation_history(key_id integer, locale_id integer) RETURNS boolean LANGUAGE plpgsql STABLE AS $$
BEGIN
  RETURN EXISTS (
    SELECT 1 FROM translation_history h WHERE h.translatable_key_id = key_id AND h.space_locale_id = locale_id
  );
END
$$;

CREATE FUNCTION record_translation_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  declared_origin text := nullif(current_setting('polyblok.change_origin', true), '');
  declared_user uuid := nullif(current_setting('polyblok.change_user', true), '')::uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO translation_history
      (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id)
    SELECT n.translatable_key_id, n.space_locale_id, n.value, n.value_text, n.reference_hash,
      translation_status(n.translatable_key_id, n.reference_hash),
      coalesce(declared_origin, n.origin::text), coalesce(declared_user, n.translated_by_id)
    FROM new_rows n
    WHERE coalesce(declared_origin, n.origin::text) <> 'import'
    ORDER BY n.id;
  ELSIF TG_OP = 'DELETE' THEN
    -- Rows removed with their key or language (cascades) leave no history: the key's history goes with them.
    -- Others: the translation as it was when it has no history yet, then its removal.
    INSERT INTO translation_history
      (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id, created_at)
    SELECT o.translatable_key_id, o.space_locale_id, o.value, o.value_text, o.reference_hash,
      translation_status(o.translatable_key_id, o.reference_hash), o.origin::text, o.translated_by_id, o.updated_at
    FROM old_rows o
    WHERE (SELECT true FROM translatable_keys k WHERE k.id = o.translatable_key_id)
      AND (SELECT true FROM space_locales l WHERE l.id = o.space_locale_id)
      AND NOT has_translation_history(o.translatable_key_id, o.space_locale_id)
    ORDER BY o.id;
    INSERT INTO translation_history
      (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id)
    SELECT o.translatable_key_id, o.space_locale_id, NULL, '', NULL, 'missing', coalesce(declared_origin, 'manual'),
      declared_user
    FROM old_rows o
    WHERE (SELECT true FROM translatable_keys k WHERE k.id = o.translatable_key_id)
      AND (SELECT true FROM space_locales l WHERE l.id = o.space_locale_id)
    ORDER BY o.id;
  ELSE
    -- Only a change of the value or of the verification is history; Storyblok's acknowledgements are not.
    -- The translation as it was when it has no history yet, then as it is now.
    INSERT INTO translation_history
      (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id, created_at)
    SELECT o.translatable_key_id, o.space_locale_id, o.value, o.value_text, o.reference_hash,
      translation_status(o.translatable_key_id, o.reference_hash), o.origin::text, o.translated_by_id, o.updated_at
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE (o.value IS DISTINCT FROM n.value OR o.reference_hash IS DISTINCT FROM n.reference_hash)
      AND NOT has_translation_history(o.translatable_key_id, o.space_locale_id)
    ORDER BY o.id;
    INSERT INTO translation_history
      (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id)
    SELECT n.translatable_key_id, n.space_locale_id, n.value, n.value_text, n.reference_hash,
      translation_status(n.translatable_key_id, n.reference_hash),
      coalesce(declared_origin, n.origin::text), coalesce(declared_user, n.translated_by_id)
    FROM old_rows o JOIN new_rows n ON n.id = o.id
    WHERE o.value IS DISTINCT FROM n.value OR o.reference_hash IS DISTINCT FROM n.reference_hash
    ORDER BY n.id;
  END IF;
  RETURN NULL;
END
$$;

CREATE TRIGGER translations_history_insert AFTER INSERT ON translations
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_translation_changes();
CREATE TRIGGER translations_history_update AFTER UPDATE ON translations
  REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION record_translation_changes();
CREATE TRIGGER translations_history_delete AFTER DELETE ON translations
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION record_translation_changes();
