-- CreateTable
CREATE TABLE "ai_reservations" (
    "id" UUID NOT NULL,
    "space_id" INTEGER NOT NULL,
    "words" INTEGER NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ai_reservations_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ai_reservations_space_id_expires_at_idx" ON "ai_reservations"("space_id", "expires_at");

-- AddForeignKey
ALTER TABLE "ai_reservations" ADD CONSTRAINT "ai_reservations_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AI work under way when this version is installed had its words taken from ai_usage up front and its jobs
-- queued without their space: it ends here as failed, with the reason, so no ask stays held and the keys can
-- be asked again.
UPDATE "translation_batches" b SET
    "failed" = b."failed" + (SELECT count(*) FROM "translation_asks" a WHERE a."batch_id" = b."id" AND a."status" IN ('pending', 'running'))::int,
    "status" = 'failed',
    "error" = 'Interrupted by an update of Polyblok: translate the folder again.',
    "finished_at" = CURRENT_TIMESTAMP
WHERE b."status" IN ('queued', 'running');

UPDATE "translation_asks" SET
    "status" = 'failed',
    "error" = 'Interrupted by an update of Polyblok: ask again.',
    "updated_at" = CURRENT_TIMESTAMP
WHERE "status" IN ('pending', 'running');
