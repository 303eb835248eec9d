-- CreateEnum
CREATE TYPE "StoryNodeKind" AS ENUM ('story', 'datasource', 'datasource_folder');

-- AlterTable
ALTER TABLE "space_locales" ADD COLUMN     "datasource_dimension" TEXT;

-- AlterTable
ALTER TABLE "story_nodes" ADD COLUMN     "dimensions" JSONB,
ADD COLUMN     "kind" "StoryNodeKind" NOT NULL DEFAULT 'story';
