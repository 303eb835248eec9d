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
-- statement (each trigger is one INSERT ... SELECT over the statement's transition table). The writer declares
-- who and what changed the translations with transaction-local settings (`polyblok.change_origin`,
-- `polyblok.change_user`); a write that declares nothing is still recorded, with the row's own origin and author.
-- The keys are looked up by scalar subqueries (an index probe per changed row, only where needed) rather than
-- joined: a join may hash the whole table of keys for every batch of a sync.
CREATE FUNCTION record_translation_changes() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  declared_origin text := nullif(current_setting('polyblok.change_origin', true), '');
  declared_user uuid := nullif(current_setting('polyblok.change_user', true), '')::uuid;
BEGIN
  IF TG_OP = 'DELETE' THEN
    -- Rows removed with their key or language (cascades) leave no history: the key's history goes with them.
    INSERT INTO translation_history
      (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id)
    SELECT o.translatable_key_id, o.space_locale_id, NULL, '', NULL, 'missing', coalesce(declared_origin, 'manual'),
      declared_user
    FROM old_rows o
    WHERE (SELECT true FROM translatable_keys k WHERE k.id = o.translatable_key_id)
      AND (SELECT true FROM space_locales l WHERE l.id = o.space_locale_id)
    ORDER BY o.id;
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO translation_history
      (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id)
    SELECT n.translatable_key_id, n.space_locale_id, n.value, n.value_text, n.reference_hash,
      CASE WHEN n.reference_hash IS NULL THEN 'unverified'
        WHEN n.reference_hash = (SELECT k.hash FROM translatable_keys k WHERE k.id = n.translatable_key_id)
          THEN 'verified'
        ELSE 'outdated' END,
      coalesce(declared_origin, n.origin::text), coalesce(declared_user, n.translated_by_id)
    FROM new_rows n
    ORDER BY n.id;
  ELSE
    -- Only a change of the value or of the verification is history; Storyblok's acknowledgements are not.
    INSERT INTO translation_history
      (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id)
    SELECT n.translatable_key_id, n.space_locale_id, n.value, n.value_text, n.reference_hash,
      CASE WHEN n.reference_hash IS NULL THEN 'unverified'
        WHEN n.reference_hash = (SELECT k.hash FROM translatable_keys k WHERE k.id = n.translatable_key_id)
          THEN 'verified'
        ELSE 'outdated' END,
      coalesce(declared_origin, n.origin::text), coalesce(declared_user, n.translated_by_id)
    FROM new_rows n
    JOIN old_rows o ON o.id = n.id
    WHERE o.value IS DISTINCT FROM n.value OR o.value_text IS DISTINCT FROM n.value_text
      OR o.reference_hash IS DISTINCT FROM n.reference_hash
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

-- The translations already there start their history as they are.
INSERT INTO translation_history
  (translatable_key_id, space_locale_id, value, value_text, reference_hash, status, origin, user_id, created_at)
SELECT t.translatable_key_id, t.space_locale_id, t.value, t.value_text, t.reference_hash,
  CASE WHEN t.reference_hash IS NULL THEN 'unverified' WHEN t.reference_hash = k.hash THEN 'verified'
    ELSE 'outdated' END,
  t.origin::text, t.translated_by_id, t.updated_at
FROM translations t
JOIN translatable_keys k ON k.id = t.translatable_key_id
ORDER BY t.updated_at, t.id;
