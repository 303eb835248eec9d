-- CreateEnum
CREATE TYPE "HookDeliveryStatus" AS ENUM ('pending', 'delivered', 'failed');

-- CreateTable
CREATE TABLE "space_hooks" (
    "id" SERIAL NOT NULL,
    "space_id" INTEGER NOT NULL,
    "url" TEXT NOT NULL,
    "secret_encrypted" TEXT NOT NULL,
    "events" TEXT[],
    "active" BOOLEAN NOT NULL DEFAULT true,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "space_hooks_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "hook_deliveries" (
    "id" UUID NOT NULL,
    "hook_id" INTEGER NOT NULL,
    "space_id" INTEGER NOT NULL,
    "event" TEXT NOT NULL,
    "payload" JSONB NOT NULL,
    "status" "HookDeliveryStatus" NOT NULL DEFAULT 'pending',
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "last_status_code" INTEGER,
    "last_error" TEXT,
    "next_attempt_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "created_at" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "delivered_at" TIMESTAMPTZ(3),

    CONSTRAINT "hook_deliveries_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "space_hooks_space_id_idx" ON "space_hooks"("space_id");

-- CreateIndex
CREATE INDEX "hook_deliveries_hook_id_created_at_idx" ON "hook_deliveries"("hook_id", "created_at");

-- CreateIndex
CREATE INDEX "hook_deliveries_space_id_status_idx" ON "hook_deliveries"("space_id", "status");

-- CreateIndex
CREATE INDEX "hook_deliveries_status_next_attempt_at_idx" ON "hook_deliveries"("status", "next_attempt_at");

-- AddForeignKey
ALTER TABLE "space_hooks" ADD CONSTRAINT "space_hooks_space_id_fkey" FOREIGN KEY ("space_id") REFERENCES "spaces"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "hook_deliveries" ADD CONSTRAINT "hook_deliveries_hook_id_fkey" FOREIGN KEY ("hook_id") REFERENCES "space_hooks"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Outgoing webhooks: each event is recorded in the transaction that made it, as one delivery per active hook of
-- the space that listens to it; the hook delivery job sends them. Triggers, so that every way a count, a run or a
-- write-back changes records its events, and only on the change of state, never on every save.
CREATE OR REPLACE FUNCTION public.record_hook_event(p_space_id integer, p_event text, p_data jsonb) RETURNS void
  LANGUAGE sql
  AS $$
  INSERT INTO hook_deliveries (id, hook_id, space_id, event, payload)
  SELECT gen_random_uuid(), h.id, h.space_id, p_event, p_data
  FROM space_hooks h
  WHERE h.space_id = p_space_id AND h.active AND p_event = ANY (h.events)
$$;

CREATE OR REPLACE FUNCTION public.hook_story_json(p_story_id integer) RETURNS jsonb
  LANGUAGE sql STABLE
  AS $$
  SELECT jsonb_build_object('id', n.id, 'storyblok_id', n.storyblok_id, 'name', n.name, 'full_slug', n.full_slug)
  FROM story_nodes n WHERE n.id = p_story_id
$$;

CREATE OR REPLACE FUNCTION public.hook_locale_json(p_space_locale_id integer) RETURNS jsonb
  LANGUAGE sql STABLE
  AS $$
  SELECT jsonb_build_object('id', l.id, 'code', l.code, 'name', l.name) FROM space_locales l WHERE l.id = p_space_locale_id
$$;

-- A story's language became complete (every key translated) or verified (every key verified). Not while the space's
-- first sync imports it: what Storyblok already held is no news, and a large space would send thousands at once.
CREATE OR REPLACE FUNCTION public.story_language_hook_events() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
DECLARE
  story record;
  data jsonb;
BEGIN
  SELECT n.space_id, n.key_count INTO story
  FROM story_nodes n JOIN spaces s ON s.id = n.space_id
  WHERE n.id = NEW.story_id AND s.synced_at IS NOT NULL
    AND EXISTS (SELECT 1 FROM space_hooks h WHERE h.space_id = n.space_id AND h.active);
  IF NOT FOUND OR story.key_count = 0 THEN
    RETURN NULL;
  END IF;
  data := jsonb_build_object(
    'story', public.hook_story_json(NEW.story_id),
    'locale', public.hook_locale_json(NEW.space_locale_id),
    'counts', jsonb_build_object('keys', story.key_count, 'translated', NEW.translated_count, 'verified', NEW.verified_count));
  IF NEW.translated_count >= story.key_count AND (TG_OP = 'INSERT' OR OLD.translated_count < story.key_count) THEN
    PERFORM public.record_hook_event(story.space_id, 'story.language_completed', data);
  END IF;
  IF NEW.verified_count >= story.key_count AND (TG_OP = 'INSERT' OR OLD.verified_count < story.key_count) THEN
    PERFORM public.record_hook_event(story.space_id, 'story.language_verified', data);
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "story_locale_stats_hook_events"
  AFTER INSERT OR UPDATE OF translated_count, verified_count ON "story_locale_stats"
  FOR EACH ROW EXECUTE FUNCTION public.story_language_hook_events();

-- Writing a story back to Storyblok gave up (its retries are used up, or the token was refused).
CREATE OR REPLACE FUNCTION public.write_back_hook_events() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.record_hook_event(
    (SELECT space_id FROM story_nodes WHERE id = NEW.story_id),
    'write_back.failed',
    jsonb_build_object('story', public.hook_story_json(NEW.story_id), 'error', NEW.last_error));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "story_write_backs_hook_events_insert"
  AFTER INSERT ON "story_write_backs"
  FOR EACH ROW WHEN (NEW.status = 'failed') EXECUTE FUNCTION public.write_back_hook_events();

CREATE TRIGGER "story_write_backs_hook_events_update"
  AFTER UPDATE OF status ON "story_write_backs"
  FOR EACH ROW WHEN (NEW.status = 'failed' AND OLD.status <> 'failed') EXECUTE FUNCTION public.write_back_hook_events();

-- A sync of the whole space ended (one-story syncs, which each Storyblok save starts, are not told about).
CREATE OR REPLACE FUNCTION public.sync_run_hook_events() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.record_hook_event(NEW.space_id, 'sync.finished', jsonb_build_object('run', jsonb_build_object(
    'id', NEW.id, 'trigger', NEW.trigger, 'status', NEW.status, 'error', NEW.error,
    'started_at', NEW.started_at, 'finished_at', NEW.finished_at, 'report', NEW.report)));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "sync_runs_hook_events"
  AFTER UPDATE OF status ON "sync_runs"
  FOR EACH ROW WHEN (
    NEW.storyblok_story_id IS NULL
    AND NEW.status IN ('completed', 'failed', 'cancelled')
    AND OLD.status NOT IN ('completed', 'failed', 'cancelled')
  ) EXECUTE FUNCTION public.sync_run_hook_events();

-- An AI run (selected keys, a story or a folder) ended: completed, failed or cancelled.
CREATE OR REPLACE FUNCTION public.ai_run_hook_events() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  PERFORM public.record_hook_event(NEW.space_id, 'ai_run.finished', jsonb_build_object(
    'run', jsonb_build_object(
      'id', NEW.id, 'scope', NEW.scope, 'status', NEW.status, 'total', NEW.total, 'done', NEW.done,
      'failed', NEW.failed, 'words', NEW.words_done, 'error', NEW.error, 'finished_at', NEW.finished_at),
    'locale', public.hook_locale_json(NEW.space_locale_id),
    'story', CASE WHEN NEW.story_node_id IS NULL THEN NULL ELSE public.hook_story_json(NEW.story_node_id) END));
  RETURN NULL;
END;
$$;

CREATE TRIGGER "translation_batches_hook_events_insert"
  AFTER INSERT ON "translation_batches"
  FOR EACH ROW WHEN (NEW.status IN ('completed', 'failed', 'cancelled')) EXECUTE FUNCTION public.ai_run_hook_events();

CREATE TRIGGER "translation_batches_hook_events_update"
  AFTER UPDATE OF status ON "translation_batches"
  FOR EACH ROW WHEN (
    NEW.status IN ('completed', 'failed', 'cancelled') AND OLD.status NOT IN ('completed', 'failed', 'cancelled')
  ) EXECUTE FUNCTION public.ai_run_hook_events();
