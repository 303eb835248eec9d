import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it, vi } from 'vitest';
import type { StoryDetail } from '#contract/content.ts';
import type { ApiClient } from '../api/api-client.ts';
import { createServerStatus } from '../api/server-status.ts';
import {
  ASK_REFRESH_MS,
  batchQueryOptions,
  contentKeys,
  hasPendingAsks,
  isBatchRunning,
  storyQueryOptions,
} from './content.queries.ts';

const story = (asks: boolean[]) =>
  ({ translatable_keys: asks.map((ask, id) => ({ id, has_translation_ask: ask })) }) as unknown as StoryDetail;

/** What refetchInterval answers for the cached data, as TanStack Query asks it. */
async function intervalFor<T>(options: { queryKey: readonly unknown[]; refetchInterval?: unknown }, data: T) {
  const client = new QueryClient();
  client.setQueryData(options.queryKey, data);
  const query = client.getQueryCache().find({ queryKey: options.queryKey })!;
  return (options.refetchInterval as (q: typeof query) => number | false)(query);
}

describe('content queries', () => {
  const api: ApiClient = { call: vi.fn(), serverStatus: createServerStatus() };

  it('refresh a story every 5 seconds only while an AI ask is under way', async () => {
    const options = storyQueryOptions(api, 7, 'de');
    expect(await intervalFor(options, story([false, true]))).toBe(ASK_REFRESH_MS);
    expect(ASK_REFRESH_MS).toBe(5_000);
    expect(await intervalFor(options, story([false, false]))).toBe(false);
    expect(hasPendingAsks(undefined)).toBe(false);
  });

  it('follow an AI run until it ends', async () => {
    const options = batchQueryOptions(api, 'b1');
    expect(await intervalFor(options, { status: 'running' })).toBeGreaterThan(0);
    expect(await intervalFor(options, { status: 'cancelled' })).toBe(false);
    expect(isBatchRunning(undefined)).toBe(false);
  });

  it('key stories by story and language, and folders by space under one prefix', () => {
    expect(contentKeys.story(7, 'de')).toEqual(['content', 'story', 7, 'de']);
    expect(contentKeys.folder(3, 'fr', null).slice(0, 3)).toEqual(contentKeys.folders(3));
    expect(contentKeys.folder(3, 'fr', 12)).toEqual(['content', 'folder', 3, 'fr', 12]);
  });
});
