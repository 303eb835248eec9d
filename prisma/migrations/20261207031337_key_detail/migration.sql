-- AlterTable
ALTER TABLE "translatable_keys" ADD COLUMN     "detail" JSONB;
