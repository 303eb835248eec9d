-- AlterTable
ALTER TABLE "space_locales" ALTER COLUMN "qa_rules_at" SET DATA TYPE TIMESTAMPTZ(6);
