-- CreateEnum
CREATE TYPE "AuthAssurance" AS ENUM ('aal1', 'aal2');

-- CreateEnum
CREATE TYPE "FactorStatus" AS ENUM ('unverified', 'verified');

-- CreateEnum
CREATE TYPE "OneTimeTokenKind" AS ENUM ('signup', 'recovery', 'invite', 'email_change', 'reauthentication');

-- CreateEnum
CREATE TYPE "MailStatus" AS ENUM ('queued', 'sent', 'failed');

-- CreateEnum
CREATE TYPE "StoryblokTokenKind" AS ENUM ('personal', 'oauth');

-- CreateEnum
CREATE TYPE "WriteBackMode" AS ENUM ('all', 'verified_only');

-- CreateEnum
CREATE TYPE "Role" AS ENUM ('owner', 'admin', 'editor', 'translator', 'viewer');

-- CreateEnum
CREATE TYPE "MembershipStatus" AS ENUM ('joined', 'invited', 'requesting');

-- CreateEnum
CREATE TYPE "SubscriptionStatus" AS ENUM ('active', 'past_due', 'canceled');

-- CreateEnum
CREATE TYPE "TranslationOrigin" AS ENUM ('manual', 'ai', 'import');

-- CreateEnum
CREATE TYPE "WriteBackStatus" AS ENUM ('pending', 'writing', 'done', 'failed');

-- CreateEnum
CREATE TYPE "BatchStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

-- CreateEnum
CREATE TYPE "AskStatus" AS ENUM ('pending', 'running', 'failed');

-- CreateEnum
CREATE TYPE "SyncTrigger" AS ENUM ('initial', 'manual', 'scheduled', 'webhook', 'poll', 'story');

-- CreateEnum
CREATE TYPE "SyncStatus" AS ENUM ('queued', 'running', 'completed', 'failed', 'cancelled');

-- CreateTable
CREATE TABLE "users" (
    "id" UUID NOT NULL,
    "email" TEXT NOT NULL,
    "name" TEXT,
    "password_hash" TEXT,
    "email_confirmed_at" TIMESTAMPTZ(3),
    "invited_at" TIMESTAMPTZ(3),
    "last_sign_in_at" TIMESTAMPTZ(3),
    "email_change" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "users_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "identities" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "provider" TEXT NOT NULL,
    "provider_id" TEXT NOT NULL,
    "identity_data" JSONB NOT NULL DEFAULT '{}',
    "last_sign_in_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "identities_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "auth_sessions" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "aal" "AuthAssurance" NOT NULL DEFAULT 'aal1',
    "amr" JSONB NOT NULL DEFAULT '[]',
    "factor_id" UUID,
    "user_agent" TEXT,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "refreshed_at" TIMESTAMPTZ(3),
    "not_after" TIMESTAMPTZ(3) NOT NULL,
    "revoked_at" TIMESTAMPTZ(3),

    CONSTRAINT "auth_sessions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "refresh_tokens" (
    "id" SERIAL NOT NULL,
    "session_id" UUID NOT NULL,
    "token_hash" TEXT NOT NULL,
    "parent_hash" TEXT,
    "rotated_at" TIMESTAMPTZ(3),
    "revoked" BOOLEAN NOT NULL DEFAULT false,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "refresh_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mfa_factors" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "friendly_name" TEXT,
    "factor_type" TEXT NOT NULL DEFAULT 'totp',
    "status" "FactorStatus" NOT NULL DEFAULT 'unverified',
    "secret_encrypted" TEXT NOT NULL,
    "last_used_step" BIGINT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "mfa_factors_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "mfa_challenges" (
    "id" UUID NOT NULL,
    "factor_id" UUID NOT NULL,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "verified_at" TIMESTAMPTZ(3),

    CONSTRAINT "mfa_challenges_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "one_time_tokens" (
    "id" UUID NOT NULL,
    "user_id" UUID NOT NULL,
    "kind" "OneTimeTokenKind" NOT NULL,
    "token_hash" TEXT NOT NULL,
    "relates_to" TEXT NOT NULL,
    "expires_at" TIMESTAMPTZ(3) NOT NULL,
    "used_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "one_time_tokens_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "email_outbox" (
    "id" UUID NOT NULL,
    "to" TEXT NOT NULL,
    "subject" TEXT NOT NULL,
    "text" TEXT NOT NULL,
    "html" TEXT NOT NULL,
    "template" TEXT NOT NULL,
    "status" "MailStatus" NOT NULL DEFAULT 'queued',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sent_at" TIMESTAMPTZ(3),

    CONSTRAINT "email_outbox_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "spaces" (
    "id" SERIAL NOT NULL,
    "name" TEXT NOT NULL,
    "storyblok_space_id" BIGINT NOT NULL,
    "region" TEXT NOT NULL,
    "default_locale_name" TEXT,
    "token_encrypted" TEXT,
    "token_kind" "StoryblokTokenKind" NOT NULL DEFAULT 'personal',
    "oauth_refresh_encrypted" TEXT,
    "oauth_expires_at" TIMESTAMPTZ(3),
    "preview_token" TEXT,
    "webhook_secret_encrypted" TEXT,
    "has_token_issue" BOOLEAN NOT NULL DEFAULT false,
    "sync_batch_id" UUID,
    "synced_at" TIMESTAMPTZ(3),
    "stories_updated_cursor" TIMESTAMPTZ(3),
    "write_back_mode" "WriteBackMode" NOT NULL DEFAULT 'all',
    "translatable_keys_count" INTEGER NOT NULL DEFAULT 0,
    "translated_keys_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "spaces_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "memberships" (
    "id" SERIAL NOT NULL,
    "space_id" INTEGER NOT NULL,
    "user_id" UUID NOT NULL,
    "role" "Role" NOT NULL DEFAULT 'translator',
    "status" "MembershipStatus" NOT NULL,
    "invited_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "memberships_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "space_locales" (
    "id" SERIAL NOT NULL,
    "space_id" INTEGER NOT NULL,
    "code" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "translated_key_count" INTEGER NOT NULL DEFAULT 0,
    "verified_key_count" INTEGER NOT NULL DEFAULT 0,
    "last_translation_at" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "space_locales_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "subscriptions" (
    "id" TEXT NOT NULL,
    "space_id" INTEGER NOT NULL,
    "customer_id" TEXT NOT NULL,
    "plan" TEXT NOT NULL DEFAULT 'entry',
    "status" "SubscriptionStatus" NOT NULL,
    "price_cents" INTEGER NOT NULL,
    "next_billing_date" TIMESTAMPTZ(3),
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "subscriptions_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "storyblok_components" (
    "id" SERIAL NOT NULL,
    "space_id" INTEGER NOT NULL,
    "name" TEXT NOT NULL,
    "display_name" TEXT,
    "schema" JSONB NOT NULL,
    "translatable_fields" JSONB NOT NULL DEFAULT '{}',
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "storyblok_components_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "story_nodes" (
    "id" SERIAL NOT NULL,
    "space_id" INTEGER NOT NULL,
    "storyblok_id" BIGINT NOT NULL,
    "uuid" TEXT,
    "parent_id" INTEGER,
    "storyblok_parent_id" BIGINT,
    "path" TEXT NOT NULL DEFAULT '/',
    "name" TEXT NOT NULL,
    "slug" TEXT NOT NULL,
    "full_slug" TEXT NOT NULL,
    "is_folder" BOOLEAN NOT NULL,
    "is_startpage" BOOLEAN NOT NULL DEFAULT false,
    "is_ignored" BOOLEAN NOT NULL DEFAULT false,
    "published" BOOLEAN NOT NULL DEFAULT false,
    "unpublished_changes" BOOLEAN NOT NULL DEFAULT false,
    "content_type" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "storyblok_updated_at" TIMESTAMPTZ(3),
    "published_at" TIMESTAMPTZ(3),
    "content_hash" TEXT,
    "key_count" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "story_nodes_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "translatable_keys" (
    "id" SERIAL NOT NULL,
    "space_id" INTEGER NOT NULL,
    "story_id" INTEGER NOT NULL,
    "key" TEXT NOT NULL,
    "hash" TEXT NOT NULL,
    "field_type" TEXT NOT NULL,
    "component" TEXT NOT NULL,
    "field" TEXT NOT NULL,
    "value" JSONB NOT NULL,
    "value_text" TEXT NOT NULL,
    "word_count" INTEGER NOT NULL DEFAULT 0,
    "position" INTEGER NOT NULL DEFAULT 0,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "translatable_keys_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "translations" (
    "id" SERIAL NOT NULL,
    "translatable_key_id" INTEGER NOT NULL,
    "space_locale_id" INTEGER NOT NULL,
    "value" JSONB NOT NULL,
    "value_text" TEXT NOT NULL,
    "reference_hash" TEXT,
    "verified_source_text" TEXT,
    "is_needing_formatting" BOOLEAN NOT NULL DEFAULT false,
    "glossary_issues" JSONB,
    "origin" "TranslationOrigin" NOT NULL DEFAULT 'manual',
    "translated_by_id" UUID,
    "written_hash" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "translations_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "story_locale_stats" (
    "story_id" INTEGER NOT NULL,
    "space_locale_id" INTEGER NOT NULL,
    "translated_count" INTEGER NOT NULL DEFAULT 0,
    "verified_count" INTEGER NOT NULL DEFAULT 0,
    "last_translation_at" TIMESTAMPTZ(3),

    CONSTRAINT "story_locale_stats_pkey" PRIMARY KEY ("story_id","space_locale_id")
);

-- CreateTable
CREATE TABLE "story_write_backs" (
    "story_id" INTEGER NOT NULL,
    "status" "WriteBackStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_error" TEXT,
    "due_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "last_written_at" TIMESTAMPTZ(3),
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "story_write_backs_pkey" PRIMARY KEY ("story_id")
);

-- CreateTable
CREATE TABLE "translation_batches" (
    "id" UUID NOT NULL,
    "space_id" INTEGER NOT NULL,
    "space_locale_id" INTEGER NOT NULL,
    "scope" TEXT NOT NULL,
    "story_node_id" INTEGER,
    "requested_by_id" UUID,
    "status" "BatchStatus" NOT NULL DEFAULT 'queued',
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "failed" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "translation_batches_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "translation_asks" (
    "id" SERIAL NOT NULL,
    "translatable_key_id" INTEGER NOT NULL,
    "space_locale_id" INTEGER NOT NULL,
    "batch_id" UUID,
    "requested_by_id" UUID,
    "status" "AskStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "translation_asks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "ai_usage" (
    "space_id" INTEGER NOT NULL,
    "day" DATE NOT NULL,
    "words" INTEGER NOT NULL DEFAULT 0,
    "requests" INTEGER NOT NULL DEFAULT 0,
    "prompt_tokens" INTEGER NOT NULL DEFAULT 0,
    "completion_tokens" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ai_usage_pkey" PRIMARY KEY ("space_id","day")
);

-- CreateTable
CREATE TABLE "glossary_terms" (
    "id" SERIAL NOT NULL,
    "space_id" INTEGER NOT NULL,
    "translatable" TEXT NOT NULL,
    "translated" TEXT NOT NULL,
    "description" TEXT,
    "case_sensitive" BOOLEAN NOT NULL DEFAULT false,
    "do_not_translate" BOOLEAN NOT NULL DEFAULT false,
    "is_global" BOOLEAN NOT NULL DEFAULT false,
    "created_by_id" UUID,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updated_at" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "glossary_terms_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "glossary_term_locales" (
    "term_id" INTEGER NOT NULL,
    "space_locale_id" INTEGER NOT NULL,

    CONSTRAINT "glossary_term_locales_pkey" PRIMARY KEY ("term_id","space_locale_id")
);

-- CreateTable
CREATE TABLE "sync_runs" (
    "id" UUID NOT NULL,
    "space_id" INTEGER NOT NULL,
    "trigger" "SyncTrigger" NOT NULL,
    "status" "SyncStatus" NOT NULL DEFAULT 'queued',
    "storyblok_story_id" BIGINT,
    "total" INTEGER NOT NULL DEFAULT 0,
    "done" INTEGER NOT NULL DEFAULT 0,
    "checkpoint" JSONB,
    "report" JSONB,
    "error" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "started_at" TIMESTAMPTZ(3),
    "finished_at" TIMESTAMPTZ(3),

    CONSTRAINT "sync_runs_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "audit_events" (
    "id" UUID NOT NULL,
    "space_id" INTEGER,
    "actor_id" UUID,
    "action" TEXT NOT NULL,
    "target_type" TEXT,
    "target_id" TEXT,
    "data" JSONB,
    "ip" TEXT,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "audit_events_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "users_email_key" ON "users"("email");

-- CreateIndex
CREATE INDEX "identities_user_id_idx" ON "identities"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "identities_provider_provider_id_key" ON "identities"("provider", "provider_id");

-- CreateIndex
CREATE INDEX "auth_sessions_user_id_idx" ON "auth_sessions"("user_id");

-- CreateIndex
CREATE UNIQUE INDEX "refresh_tokens_token_hash_key" ON "refresh_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "refresh_tokens_session_id_idx" ON "refresh_tokens"("session_id");

-- CreateIndex
CREATE INDEX "mfa_factors_user_id_idx" ON "mfa_factors"("user_id");

-- CreateIndex
CREATE INDEX "mfa_challenges_factor_id_idx" ON "mfa_challenges"("factor_id");

-- CreateIndex
CREATE UNIQUE INDEX "one_time_tokens_token_hash_key" ON "one_time_tokens"("token_hash");

-- CreateIndex
CREATE INDEX "one_time_tokens_user_id_kind_idx" ON "one_time_tokens"("user_id", "kind");

-- CreateIndex
CREATE INDEX "email_outbox_created_at_idx" ON "email_outbox"("created_at");

-- CreateIndex
CREATE INDEX "email_outbox_to_idx" ON "email_outbox"("to");

-- CreateIndex
CREATE UNIQUE INDEX "spaces_storyblok_space_id_key" ON "spaces"("storyblok_space_id");

-- CreateIndex
CREATE INDEX "memberships_user_id_status_idx" ON "memberships"("user_id", "status");

-- CreateIndex
CREATE INDEX "memberships_space_id_status_idx" ON "memberships"("space_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "memberships_space_id_user_id_key" ON "memberships"("space_id", "user_id");

-- CreateIndex
CREATE UNIQUE INDEX "space_locales_space_id_code_key" ON "space_locales"("space_id", "code");

-- CreateIndex
CREATE UNIQUE INDEX "subscriptions_space_id_key" ON "subscriptions"("space_id");

-- CreateIndex
CREATE UNIQUE INDEX "storyblok_components_space_id_name_key" ON "storyblok_components"("space_id", "name");

-- CreateIndex
CREATE INDEX "story_nodes_space_id_parent_id_is_folder_name_idx" ON "story_nodes"("space_id", "parent_id", "is_folder", "name");

-- CreateIndex
CREATE INDEX "story_nodes_space_id_path_idx" ON "story_nodes"("space_id", "path");

-- CreateIndex
CREATE UNIQUE INDEX "story_nodes_space_id_storyblok_id_key" ON "story_nodes"("space_id", "storyblok_id");

-- CreateIndex
CREATE INDEX "translatable_keys_space_id_key_idx" ON "translatable_keys"("space_id", "key");

-- CreateIndex
CREATE INDEX "translatable_keys_space_id_hash_idx" ON "translatable_keys"("space_id", "hash");

-- CreateIndex
CREATE INDEX "translatable_keys_story_id_position_idx" ON "translatable_keys"("story_id", "position");

-- CreateIndex
CREATE UNIQUE INDEX "translatable_keys_story_id_key_key" ON "translatable_keys"("story_id", "key");

-- CreateIndex
CREATE INDEX "translations_space_locale_id_updated_at_idx" ON "translations"("space_locale_id", "updated_at");

-- CreateIndex
CREATE UNIQUE INDEX "translations_translatable_key_id_space_locale_id_key" ON "translations"("translatable_key_id", "space_locale_id");

-- CreateIndex
CREATE INDEX "story_locale_stats_space_locale_id_idx" ON "story_locale_stats"("space_locale_id");

-- CreateIndex
CREATE INDEX "story_write_backs_status_due_at_idx" ON "story_write_backs"("status", "due_at");

-- CreateIndex
CREATE INDEX "translation_batches_space_id_created_at_idx" ON "translation_batches"("space_id", "created_at");

-- CreateIndex
CREATE INDEX "translation_asks_batch_id_idx" ON "translation_asks"("batch_id");

-- CreateIndex
CREATE INDEX "translation_asks_space_locale_id_status_idx" ON "translation_asks"("space_locale_id", "status");

-- CreateIndex
CREATE UNIQUE INDEX "translation_asks_translatable_key_id_space_locale_id_key" ON "translation_asks"("translatable_key_id", "space_locale_id");

-- CreateIndex
CREATE INDEX "glossary_terms_space_id_translatable_idx" ON "glossary_terms"("space_id", "translatable");

-- CreateIndex
CREATE INDEX "glossary_term_locales_space_locale_id_idx" ON "glossary_term_locales"("space_locale_id");

-- CreateIndex
CREATE INDEX "sync_runs_space_id_created_at_idx" ON "sync_runs"("space_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_space_id_created_at_idx" ON "audit_events"("space_id", "created_at");

-- CreateIndex
CREATE INDEX "audit_events_actor_id_created_at_idx" ON "audit_events"("actor_id", "created_at");

-- AddForeignKey
ALTER TABLE "identities" ADD CONSTRAINT "identities_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "auth_sessions" ADD CONSTRAINT "auth_sessions_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "refresh_tokens" ADD CONSTRAINT "refresh_tokens_session_id_fkey" FOREIGN KEY ("session_id") REFERENCES "auth_sessions"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mfa_factors" ADD CONSTRAINT "mfa_factors_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "mfa_challenges" ADD CONSTRAINT "mfa_challenges_factor_id_fkey" FOREIGN KEY ("factor_id") REFERENCES "mfa_factors"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "one_time_tokens" ADD CONSTRAINT "one_time_tokens_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_user_id_fkey" FOREIGN KEY ("user_id") REFERENCES "users"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "memberships" ADD CONSTRAINT "memberships_invited_by_id_fkey" FOREIGN KEY ("invited_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "space_locales" ADD CONSTRAINT "space_locales_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "storyblok_components" ADD CONSTRAINT "storyblok_components_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_nodes" ADD CONSTRAINT "story_nodes_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_nodes" ADD CONSTRAINT "story_nodes_parent_id_fkey" FOREIGN KEY ("parent_id") REFERENCES "story_nodes"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translatable_keys" ADD CONSTRAINT "translatable_keys_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translatable_keys" ADD CONSTRAINT "translatable_keys_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "story_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translations" ADD CONSTRAINT "translations_translatable_key_id_fkey" FOREIGN KEY ("translatable_key_id") REFERENCES "translatable_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translations" ADD CONSTRAINT "translations_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translations" ADD CONSTRAINT "translations_translated_by_id_fkey" FOREIGN KEY ("translated_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_locale_stats" ADD CONSTRAINT "story_locale_stats_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "story_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_locale_stats" ADD CONSTRAINT "story_locale_stats_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "story_write_backs" ADD CONSTRAINT "story_write_backs_story_id_fkey" FOREIGN KEY ("story_id") REFERENCES "story_nodes"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_batches" ADD CONSTRAINT "translation_batches_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_batches" ADD CONSTRAINT "translation_batches_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_batches" ADD CONSTRAINT "translation_batches_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_asks" ADD CONSTRAINT "translation_asks_translatable_key_id_fkey" FOREIGN KEY ("translatable_key_id") REFERENCES "translatable_keys"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_asks" ADD CONSTRAINT "translation_asks_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_asks" ADD CONSTRAINT "translation_asks_batch_id_fkey" FOREIGN KEY ("batch_id") REFERENCES "translation_batches"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "translation_asks" ADD CONSTRAINT "translation_asks_requested_by_id_fkey" FOREIGN KEY ("requested_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ai_usage" ADD CONSTRAINT "ai_usage_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "glossary_terms" ADD CONSTRAINT "glossary_terms_created_by_id_fkey" FOREIGN KEY ("created_by_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "glossary_term_locales" ADD CONSTRAINT "glossary_term_locales_term_id_fkey" FOREIGN KEY ("term_id") REFERENCES "glossary_terms"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "glossary_term_locales" ADD CONSTRAINT "glossary_term_locales_space_locale_id_fkey" FOREIGN KEY ("space_locale_id") REFERENCES "space_locales"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "sync_runs" ADD CONSTRAINT "sync_runs_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_id_fkey" FOREIGN KEY ("actor_id") REFERENCES "users"("id") ON DELETE SET NULL ON UPDATE CASCADE;
