-- AlterTable
ALTER TABLE "space_locales" ADD COLUMN     "qa_rules_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP;

-- AlterTable
ALTER TABLE "translations" ADD COLUMN     "qa_checked_at" TIMESTAMPTZ(3),
ADD COLUMN     "qa_codes" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "translations_space_locale_id_qa_checked_at_idx" ON "translations"("space_locale_id", "qa_checked_at");

-- The translations with findings, for "has QA problems" over a whole space.
CREATE INDEX "translations_qa_problems_idx" ON "translations" ("space_locale_id") WHERE "qa_codes" <> '{}';

-- A translation's findings are found again when its value changes, whoever writes it.
CREATE OR REPLACE FUNCTION public.translation_qa_stale() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.value IS DISTINCT FROM OLD.value THEN
    NEW.qa_checked_at := NULL;
  END IF;
  RETURN NEW;
END $$;

CREATE TRIGGER "translations_qa_stale"
  BEFORE INSERT OR UPDATE OF value ON "translations"
  FOR EACH ROW EXECUTE FUNCTION public.translation_qa_stale();

-- ... and when the source they were checked against changes.
CREATE OR REPLACE FUNCTION public.key_source_qa_stale() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  UPDATE translations SET qa_checked_at = NULL WHERE translatable_key_id = NEW.id AND qa_checked_at IS NOT NULL;
  RETURN NULL;
END $$;

CREATE TRIGGER "translatable_keys_qa_stale"
  AFTER UPDATE OF value ON "translatable_keys"
  FOR EACH ROW WHEN (OLD.value IS DISTINCT FROM NEW.value) EXECUTE FUNCTION public.key_source_qa_stale();

-- A change of what a language's translations are checked against besides their source (glossary terms, the style
-- guide's words to avoid, the components' length limits) marks the language: what was found before is found again.
CREATE OR REPLACE FUNCTION public.space_qa_rules_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  row_space integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.space_id ELSE NEW.space_id END;
BEGIN
  UPDATE space_locales SET qa_rules_at = clock_timestamp() WHERE space_id = row_space;
  RETURN NULL;
END $$;

CREATE OR REPLACE FUNCTION public.locale_qa_rules_changed() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  row_locale integer := CASE WHEN TG_OP = 'DELETE' THEN OLD.space_locale_id ELSE NEW.space_locale_id END;
BEGIN
  UPDATE space_locales SET qa_rules_at = clock_timestamp() WHERE id = row_locale;
  RETURN NULL;
END $$;

CREATE TRIGGER "glossary_terms_qa_rules"
  AFTER INSERT OR UPDATE OR DELETE ON "glossary_terms"
  FOR EACH ROW EXECUTE FUNCTION public.space_qa_rules_changed();

CREATE TRIGGER "glossary_term_locales_qa_rules"
  AFTER INSERT OR UPDATE OR DELETE ON "glossary_term_locales"
  FOR EACH ROW EXECUTE FUNCTION public.locale_qa_rules_changed();

CREATE TRIGGER "style_guides_qa_rules_insert"
  AFTER INSERT ON "style_guides"
  FOR EACH ROW EXECUTE FUNCTION public.locale_qa_rules_changed();

CREATE TRIGGER "style_guides_qa_rules_update"
  AFTER UPDATE OF avoid ON "style_guides"
  FOR EACH ROW WHEN (OLD.avoid IS DISTINCT FROM NEW.avoid) EXECUTE FUNCTION public.locale_qa_rules_changed();

CREATE TRIGGER "storyblok_components_qa_rules_change"
  AFTER INSERT OR DELETE ON "storyblok_components"
  FOR EACH ROW EXECUTE FUNCTION public.space_qa_rules_changed();

CREATE TRIGGER "storyblok_components_qa_rules_update"
  AFTER UPDATE OF schema ON "storyblok_components"
  FOR EACH ROW WHEN (OLD.schema IS DISTINCT FROM NEW.schema) EXECUTE FUNCTION public.space_qa_rules_changed();
