import { notifications } from '@mantine/notifications';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { HistoryEntry } from '#contract/content-history.ts';
import type { TranslatableKey } from '#contract/content.ts';
import { isOvertaken, type ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { notifyError } from '../components/notify.ts';
import { contentKeys } from './content.queries.ts';
import { useEditorContext } from './editor-context.ts';
import { patchKeys, refreshAround, useSaveTranslation } from './key-mutations.ts';

interface HistoryOf {
  storyId: number;
  key: string;
  spaceLocaleId: number;
}

/** A key's changes in a language, newest first; read fresh each time, as anyone may have changed the key. */
export function keyHistoryQueryOptions(api: ApiClient, of: HistoryOf) {
  return queryOptions({
    queryKey: contentKeys.history(of.storyId, of.key, of.spaceLocaleId),
    queryFn: ({ signal }) =>
      api.call('getKeyHistory', {
        query: { story_id: of.storyId, key: of.key, space_locale_id: of.spaceLocaleId },
        signal,
      }),
    staleTime: 0,
  });
}

export interface RevertVariables {
  key: TranslatableKey;
  historyId: number;
}

/** Changes that came from outside Polyblok: undoing the only one would remove what Storyblok holds. */
const fromStoryblok = (entry: HistoryEntry) => entry.origin === 'import' || entry.origin === 'storyblok';

/**
 * Gives a key back the value of one of its history's entries, over the translation the editor shows: when
 * someone changed it since, nothing is reverted and the editor shows theirs.
 */
export function useRevertTranslation() {
  const api = useApi();
  const client = useQueryClient();
  const ctx = useEditorContext();
  return useMutation({
    mutationFn: ({ key, historyId }: RevertVariables) =>
      api.call('revertTranslation', { body: { history_id: historyId, base_updated_at: key.updated_at } }),
    onSuccess: (saved, { key }) => {
      patchKeys(client, ctx, new Set([key.id]), () => saved);
      refreshAround(client, ctx);
    },
    onError: (error) => {
      if (isOvertaken(error)) {
        notifications.show({
          color: 'yellow',
          title: 'Nothing undone',
          message: 'Someone changed this translation meanwhile; theirs is shown now. Look at its history again.',
        });
      } else {
        notifyError('Not reverted', error, 'The translation could not be reverted. Try again.');
      }
      void client.invalidateQueries({ queryKey: contentKeys.story(ctx.storyId, ctx.localeCode) });
      void client.invalidateQueries({ queryKey: contentKeys.histories() });
    },
  });
}

/**
 * "Undo last change": whoever made it (the translator, a colleague, an AI run, Storyblok), from the history the
 * server keeps, so it works after a reload too. Reverts to the entry before the newest; a key whose only change
 * was a translation made here goes back to having none.
 */
export function useUndoLastChange(key: TranslatableKey) {
  const api = useApi();
  const client = useQueryClient();
  const ctx = useEditorContext();
  const revert = useRevertTranslation();
  const save = useSaveTranslation(key.id);
  const undo = async () => {
    const of = { storyId: ctx.storyId, key: key.key, spaceLocaleId: ctx.spaceLocaleId };
    const { history } = await client.fetchQuery(keyHistoryQueryOptions(api, of));
    const [newest, before] = history;
    if (before) return void revert.mutate({ key, historyId: before.id });
    if (newest && !fromStoryblok(newest) && newest.status !== 'missing') {
      return void save.mutate({ key, value: { kind: 'text', text: '' }, verify: false, base: key.updated_at });
    }
    notifications.show({ color: 'gray', title: 'Nothing to undo', message: 'This key has no earlier change.' });
  };
  return {
    undo: () => void undo().catch((error: unknown) => notifyError('Not undone', error, 'Try again.')),
    pending: revert.isPending || save.isPending,
  };
}
