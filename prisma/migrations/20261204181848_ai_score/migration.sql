-- AlterTable
ALTER TABLE "spaces" ADD COLUMN     "auto_verify_min_score" SMALLINT;

-- AlterTable
ALTER TABLE "translations" ADD COLUMN     "ai_score" SMALLINT,
ADD COLUMN     "ai_score_reasons" JSONB;

-- An AI result's score belongs to that value only. Every other writer (a person's save, a revert, XLIFF, the
-- memory, a Storyblok import, and any writer added later) clears it in the statement that changes the value, so
-- none can forget to: only a write declared as the AI's (`polyblok.change_origin` = 'ai', see
-- translation-changes.ts) sets a score. A change of the verification alone keeps it.
CREATE FUNCTION translation_ai_score_kept() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF coalesce(current_setting('polyblok.change_origin', true), '') <> 'ai'
     AND (TG_OP = 'INSERT' OR NEW.value IS DISTINCT FROM OLD.value) THEN
    NEW.ai_score := NULL;
    NEW.ai_score_reasons := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "translations_ai_score"
  BEFORE INSERT OR UPDATE OF value, ai_score, ai_score_reasons ON "translations"
  FOR EACH ROW EXECUTE FUNCTION translation_ai_score_kept();
