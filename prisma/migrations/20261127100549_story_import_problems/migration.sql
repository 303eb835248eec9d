-- AlterTable
ALTER TABLE "story_nodes" ADD COLUMN     "import_error" TEXT,
ADD COLUMN     "import_error_at" TIMESTAMPTZ(3),
ADD COLUMN     "skipped_components" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "story_nodes_space_id_import_error_at_idx" ON "story_nodes"("space_id", "import_error_at");
