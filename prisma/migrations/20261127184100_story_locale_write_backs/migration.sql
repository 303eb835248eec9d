-- AlterTable
ALTER TABLE "story_write_backs" ADD COLUMN     "failed_at" TIMESTAMPTZ(3);

-- Writes that failed for good failed when their row last changed.
UPDATE "story_write_backs" SET "failed_at" = "updated_at" WHERE "status" = 'failed';

-- CreateTable
CREATE TABLE "story_locale_write_backs" (
    "story_id" INTEGER NOT NULL,
    "space_locale_id" INTEGER NOT NULL,
    "written_at" TIMESTAMPTZ(3),
    "failed_at" TIMESTAMPTZ(3),

    CONSTRAINT "story_locale_write_backs_pkey" PRIMARY KEY ("story_id","space_locale_id")
);

-- CreateIndex
CREATE INDEX "story_locale_write_backs_space_locale_id_idx" ON "story_locale_write_backs"("space_locale_id");

-- AddForeignKey
ALTER TABLE "story_locale_write_backs" ADD CONSTRAINT "story_locale_write_backs_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "story_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_locale_write_backs" ADD CONSTRAINT "story_locale_write_backs_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Languages already written: the story's last write carried every translation it had marked written.
INSERT INTO "story_locale_write_backs" ("story_id", "space_locale_id", "written_at")
SELECT DISTINCT k."story_id", t."space_locale_id", w."last_written_at"
FROM "story_write_backs" w
JOIN "translatable_keys" k ON k."story_id" = w."story_id"
JOIN "translations" t ON t."translatable_key_id" = k."id"
WHERE w."last_written_at" IS NOT NULL AND t."written_hash" IS NOT NULL;

-- Stories whose write failed for good: the languages with translations changed since the last write waited.
INSERT INTO "story_locale_write_backs" ("story_id", "space_locale_id", "failed_at")
SELECT DISTINCT k."story_id", t."space_locale_id", w."updated_at"
FROM "story_write_backs" w
JOIN "translatable_keys" k ON k."story_id" = w."story_id"
JOIN "translations" t ON t."translatable_key_id" = k."id"
WHERE w."status" = 'failed'
  AND (t."written_hash" IS NULL OR w."last_written_at" IS NULL OR t."updated_at" > w."last_written_at")
ON CONFLICT ("story_id", "space_locale_id") DO UPDATE SET "failed_at" = EXCLUDED."failed_at";
