-- CreateTable
CREATE TABLE "story_presence" (
    "story_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "story_presence_pkey" PRIMARY KEY ("story_id","user_id")
);

-- CreateIndex
CREATE INDEX "story_presence_user_id_idx" ON "story_presence"("user_id");

-- AddForeignKey
ALTER TABLE "story_presence" ADD CONSTRAINT "story_presence_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "story_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_presence" ADD CONSTRAINT "story_presence_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;
