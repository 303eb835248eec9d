-- AlterTable
ALTER TABLE "spaces" ADD COLUMN     "storyblok_requests_per_second" INTEGER;
