-- One row per key and language, replaced by each answer of the editor's AI button: see AiSuggestion.
-- CreateTable
CREATE TABLE "ai_suggestions" (
    "translatable_key_id" INTEGER NOT NULL,
    "space_locale_id" INTEGER NOT NULL,
    "value_hash" TEXT NOT NULL,
    "ai_score" SMALLINT,
    "ai_score_reasons" JSONB,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_suggestions_pkey" PRIMARY KEY ("translatable_key_id","space_locale_id")
);

-- AddForeignKey
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_translatable_key_id_fkey" FOREIGN KEY ("translatable_key_id") REFERENCES "translatable_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_suggestions" ADD CONSTRAINT "ai_suggestions_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;
