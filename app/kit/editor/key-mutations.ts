import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { StoryDetail, TranslatableKey } from '#contract/content.ts';
import { accountKeys } from '../data/account.queries.ts';
import { ApiError, isOvertaken } from '../api/api-client.ts';
import type { AppliedOrigin } from './drafts-store.ts';
import { useApi } from '../api/api-context.tsx';
import { formatQuantity } from '../format/format.ts';
import { notifyError, notifySuccess } from '../components/notify.ts';
import { contentKeys } from './content.queries.ts';
import { useEditorContext, type EditorContextValue } from './editor-context.ts';
import { sameValue, valueToSave, type DraftValue } from './key-draft.ts';
import { showWriteWaiting } from './write-back.queries.ts';

type KeyPatch = (key: TranslatableKey) => TranslatableKey;

/** Changes keys of the cached story in place (optimistic updates, saved answers). */
export function patchKeys(client: QueryClient, ctx: EditorContextValue, ids: ReadonlySet<number>, patch: KeyPatch) {
  client.setQueryData<StoryDetail>(contentKeys.story(ctx.storyId, ctx.localeCode), (story) =>
    story
      ? { ...story, translatable_keys: story.translatable_keys.map((key) => (ids.has(key.id) ? patch(key) : key)) }
      : story,
  );
}

/**
 * After a write: the folder list's missing counts and the space's language counts (spec: reloaded after changes),
 * and the keys' histories, which the write made longer.
 */
export function refreshAround(client: QueryClient, ctx: EditorContextValue) {
  void client.invalidateQueries({ queryKey: contentKeys.histories() });
  void client.invalidateQueries({ queryKey: contentKeys.folders(ctx.spaceId) });
  void client.invalidateQueries({ queryKey: accountKeys.all });
}

const refreshStory = (client: QueryClient, ctx: EditorContextValue) =>
  client.invalidateQueries({ queryKey: contentKeys.story(ctx.storyId, ctx.localeCode) });

export const saveMutationKey = (keyId: number) => ['content', 'save', keyId] as const;

export interface SaveVariables {
  key: TranslatableKey;
  value: DraftValue;
  verify: boolean;
  /**
   * The saved translation's `updated_at` the text was written over: a colleague's save since answers 409
   * `translation_changed` and changes nothing.
   */
  base: string | null;
  /** The source hash the text was written against (verified against it when `verify`); the key's own unless told. */
  sourceHash?: string | undefined;
  /**
   * The text is a translation memory match, or the AI button's answer, as it was applied: its history says where
   * it came from (and an AI answer keeps its score).
   */
  origin?: AppliedOrigin | undefined;
}

/**
 * Saves one key's translation, verified against the source hash when asked. The unsaved text is only dropped
 * when what was saved is still what the editor holds; a failed save keeps it and says why.
 */
export function useSaveTranslation(keyId: number) {
  const api = useApi();
  const client = useQueryClient();
  const ctx = useEditorContext();
  return useMutation({
    mutationKey: saveMutationKey(keyId),
    mutationFn: ({ key, value, verify, base, sourceHash, origin }: SaveVariables) =>
      api.call('saveTranslation', {
        body: {
          key: key.key,
          story_id: ctx.storyId,
          space_locale_id: ctx.spaceLocaleId,
          field_type: key.field_type,
          value: valueToSave(value),
          reference_hash: verify ? (sourceHash ?? key.hash) : null,
          base_updated_at: base,
          ...(origin ? { origin } : {}),
        },
      }),
    onSuccess: (saved, { key, value }) => {
      patchKeys(client, ctx, new Set([key.id]), () => saved);
      showWriteWaiting(client, ctx);
      const current = ctx.drafts.get(key.id);
      if (current && sameValue(current, value)) ctx.drafts.set(key.id, null);
      refreshAround(client, ctx);
    },
    onError: (error) => {
      // A colleague's change is shown in the row, beside the translator's text, to choose from.
      if (isOvertaken(error)) return void refreshStory(client, ctx);
      notifyError('Translation not saved', error, 'The translation could not be saved. Your text is kept: try again.');
      // The source moved on: show the new one (and its hash) so the next save can go through.
      if (error instanceof ApiError && (error.code === 'source_changed' || error.code === 'not_found'))
        void refreshStory(client, ctx);
    },
  });
}

export interface VerifyVariables {
  keys: TranslatableKey[];
  verified: boolean;
}

/** Verifies or unverifies saved translations (one or a selection), shown at once and confirmed by the server. */
export function useSetVerified() {
  const api = useApi();
  const client = useQueryClient();
  const ctx = useEditorContext();
  return useMutation({
    mutationFn: ({ keys, verified }: VerifyVariables) =>
      api.call(verified ? 'markAsVerified' : 'markAsUnverified', {
        body: keys.map((key) => ({ key: key.key, story_id: ctx.storyId, space_locale_id: ctx.spaceLocaleId })),
      }),
    onMutate: ({ keys, verified }) => {
      patchKeys(client, ctx, new Set(keys.map((key) => key.id)), (key) =>
        key.translated_key_value_text === null || key.has_translation_ask
          ? key
          : {
              ...key,
              translated_key_reference_hash: verified ? key.hash : null,
              status: verified ? 'verified' : 'unverified',
              is_outdated: false,
              verified_source_text: null,
            },
      );
    },
    onSuccess: (result, { keys, verified }) => {
      if (keys.length > 1) {
        notifySuccess(
          verified ? 'Translations verified' : 'Translations unverified',
          `${formatQuantity(result.updated, 'key', 'keys')} ${verified ? 'verified' : 'marked unverified'}.`,
        );
      }
    },
    onError: (error, { verified }) =>
      notifyError(verified ? 'Not verified' : 'Not unverified', error, 'The change could not be saved. Try again.'),
    onSettled: () => {
      void refreshStory(client, ctx);
      refreshAround(client, ctx);
    },
  });
}

/** Bulk AI asks: the keys show "translation requested" at once, and the story refreshes until they are done. */
export function useAskTranslations() {
  const api = useApi();
  const client = useQueryClient();
  const ctx = useEditorContext();
  return useMutation({
    mutationFn: (keys: TranslatableKey[]) =>
      api.call('createTranslationAsks', {
        body: { translatable_key_ids: keys.map((key) => key.id), space_locale_id: ctx.spaceLocaleId },
      }),
    onMutate: async (keys) => {
      await client.cancelQueries({ queryKey: contentKeys.story(ctx.storyId, ctx.localeCode) });
      patchKeys(client, ctx, new Set(keys.map((key) => key.id)), (key) => ({
        ...key,
        has_translation_ask: true,
        status: 'translation_requested',
        ask_error: null,
      }));
    },
    onSuccess: (result) => {
      if (result.asked === 0) {
        notifySuccess('Already on its way', 'These keys already have an AI translation under way.');
        return;
      }
      notifySuccess(
        'AI translation requested',
        `${formatQuantity(result.asked, 'key is', 'keys are')} being translated (${formatQuantity(result.words, 'word', 'words')}). The story refreshes every 5 seconds until they are done.`,
      );
    },
    onError: (error) =>
      notifyError('AI translation not requested', error, 'The AI translation could not be requested. Try again.'),
    onSettled: () => {
      void refreshStory(client, ctx);
      refreshAround(client, ctx);
    },
  });
}

export const aiMutationKey = (keyId: number) => ['content', 'ai', keyId] as const;

/** One key translated by AI now, into the editor (not saved: the translator reads it first). */
export function useAiTranslate(keyId: number) {
  const api = useApi();
  const ctx = useEditorContext();
  return useMutation({
    mutationKey: aiMutationKey(keyId),
    mutationFn: (key: TranslatableKey) =>
      api.call('aiTranslate', {
        body: {
          key: key.key,
          story_id: ctx.storyId,
          space_locale_id: ctx.spaceLocaleId,
          target_locale: ctx.localeCode,
          value: key.value as string | { type: 'doc' },
        },
      }),
    onError: (error) => notifyError('AI translation failed', error, 'The AI could not translate this key. Try again.'),
  });
}

/** Gives every key of the space with the same source this key's translation. */
export function useApplyToAssociated() {
  const api = useApi();
  const client = useQueryClient();
  const ctx = useEditorContext();
  return useMutation({
    mutationFn: (key: TranslatableKey) =>
      api.call('applyToAssociated', {
        body: { key: key.key, story_id: ctx.storyId, space_locale_id: ctx.spaceLocaleId, verify: ctx.verifyOnSave },
      }),
    onSuccess: (result) => {
      notifySuccess(
        'Translation applied',
        `${formatQuantity(result.updated, 'associated key', 'associated keys')} updated.`,
      );
      void client.invalidateQueries({ queryKey: contentKeys.all });
      void client.invalidateQueries({ queryKey: accountKeys.all });
    },
    onError: (error) =>
      notifyError('Translation not applied', error, 'The translation could not be applied. Try again.'),
  });
}
