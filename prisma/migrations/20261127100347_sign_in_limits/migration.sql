-- CreateTable
CREATE TABLE "credential_failures" (
    "id" BIGSERIAL NOT NULL,
    "kind" TEXT NOT NULL,
    "account" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "failed_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "credential_failures_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "known_sign_in_addresses" (
    "account" TEXT NOT NULL,
    "address" TEXT NOT NULL,
    "last_seen_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "known_sign_in_addresses_pkey" PRIMARY KEY ("account","address")
);

-- CreateIndex
CREATE INDEX "credential_failures_kind_account_address_failed_at_idx" ON "credential_failures"("kind", "account", "address", "failed_at");

-- CreateIndex
CREATE INDEX "credential_failures_address_failed_at_idx" ON "credential_failures"("address", "failed_at");

-- CreateIndex
CREATE INDEX "credential_failures_account_failed_at_idx" ON "credential_failures"("account", "failed_at");

-- CreateIndex
CREATE INDEX "credential_failures_failed_at_idx" ON "credential_failures"("failed_at");

-- CreateIndex
CREATE INDEX "known_sign_in_addresses_last_seen_at_idx" ON "known_sign_in_addresses"("last_seen_at");
