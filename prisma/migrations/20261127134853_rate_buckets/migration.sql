-- CreateTable
CREATE TABLE "rate_buckets" (
    "rule" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "tokens" DOUBLE PRECISION NOT NULL,
    "at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "rate_buckets_pkey" PRIMARY KEY ("rule","key")
);

-- CreateIndex
CREATE INDEX "rate_buckets_at_idx" ON "rate_buckets"("at");
