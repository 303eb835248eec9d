-- CreateEnum
CREATE TYPE "Formality" AS ENUM ('default', 'formal', 'informal');

-- CreateTable
CREATE TABLE "style_guides" (
    "space_locale_id" INTEGER NOT NULL,
    "formality" "Formality" NOT NULL DEFAULT 'default',
    "tone" TEXT NOT NULL DEFAULT '',
    "avoid" TEXT[] DEFAULT ARRAY[]::TEXT[],
    "instructions" TEXT NOT NULL DEFAULT '',
    "updated_by_id" UUID,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "style_guides_pkey" PRIMARY KEY ("space_locale_id")
);

-- AddForeignKey
ALTER TABLE "style_guides" ADD CONSTRAINT "style_guides_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "style_guides" ADD CONSTRAINT "style_guides_updated_by_id_fkey" FOREIGN KEY ("updated_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
