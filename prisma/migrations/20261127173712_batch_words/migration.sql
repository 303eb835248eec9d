-- AlterTable
ALTER TABLE "translation_batches" ADD COLUMN     "words_done" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "words_total" INTEGER NOT NULL DEFAULT 0;
