-- AlterTable
ALTER TABLE "story_nodes" ADD COLUMN     "import_wanted_at" TIMESTAMPTZ(3);

-- CreateIndex
CREATE INDEX "story_nodes_space_id_import_wanted_at_idx" ON "story_nodes"("space_id", "import_wanted_at");
