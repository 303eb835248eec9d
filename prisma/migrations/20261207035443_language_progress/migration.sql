-- CreateTable
CREATE TABLE "locale_progress_days" (
    "space_locale_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "keys" INTEGER NOT NULL,
    "translated" INTEGER NOT NULL,
    "verified" INTEGER NOT NULL,

    CONSTRAINT "locale_progress_days_pkey" PRIMARY KEY ("space_locale_id","day")
);

-- CreateIndex
CREATE INDEX "translation_history_space_locale_id_created_at_idx" ON "translation_history"("space_locale_id", "created_at");

-- AddForeignKey
ALTER TABLE "locale_progress_days" ADD CONSTRAINT "locale_progress_days_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;
