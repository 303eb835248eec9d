-- CreateTable
CREATE TABLE "storyblok_budgets" (
    "key" TEXT NOT NULL,
    "next_slot_ms" DOUBLE PRECISION NOT NULL,
    "interval_ms" DOUBLE PRECISION NOT NULL,
    "rate_source" TEXT NOT NULL DEFAULT 'default',
    "updated_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "storyblok_budgets_pkey" PRIMARY KEY ("key")
);
