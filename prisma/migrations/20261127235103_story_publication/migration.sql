-- CreateEnum
CREATE TYPE "PublishRequirement" AS ENUM ('translated', 'verified');

-- AlterTable
ALTER TABLE "spaces" ADD COLUMN     "publish_requires" "PublishRequirement" NOT NULL DEFAULT 'verified',
ADD COLUMN     "publishes_languages_individually" BOOLEAN;

-- AlterTable
ALTER TABLE "story_nodes" ADD COLUMN     "translated_stories" JSONB NOT NULL DEFAULT '[]';
