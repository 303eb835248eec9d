import { getRegion, REGIONAL_DATA } from '@storyblok/region-helper';
import StoryblokClient from 'storyblok-js-client';
import type { z } from 'zod';
import type { RequestBudget } from './request-budget.ts';
import { budgetKeyOf, createResilientFetch, type RetryPolicy } from './resilient-fetch.ts';
import { StoryblokError, toStoryblokError } from './storyblok-error.ts';
import { rateOfPlan } from './storyblok-rates.ts';
import {
  componentSchema,
  datasourceEntrySchema,
  datasourceSchema,
  regions,
  spaceDetailSchema,
  spaceSummarySchema,
  storyListItemSchema,
  storySchema,
  type DatasourceEntry,
  type Region,
  type SpaceSummary,
  type StoryblokAuth,
  type StoryblokComponentDefinition,
  type StoryblokDatasource,
  type StoryblokLanguage,
  type StoryblokSpace,
  type StoryblokStory,
  type StoryListItem,
  type TranslatedSlugWrite,
} from './storyblok-types.ts';

export interface StoryblokAdapterOptions {
  /**
   * Management API base (with /v1); unset means each region's own host. A `{region}` in it is replaced by the
   * region code (eu, us, ca, ap, cn), so a stand-in can serve every region; without it one host serves all.
   */
  mapiUrl?: string;
  /** The requests-per-second budget of each token, shared with every other Storyblok client of the process. */
  budget: RequestBudget;
  retryPolicy?: RetryPolicy;
  /** Whether a space's plan sets its token's rate; false when the rate is configured whatever the plan. */
  followPlan?: boolean;
}

/** created_at:asc pages stably through a whole space; updated_at:desc finds the latest edits first. */
export type StoriesOrder = 'created_at:asc' | 'updated_at:desc';

export interface StoriesPage {
  stories: StoryListItem[];
  total: number;
}

export interface StoryblokAdapter {
  /** The spaces a token may see, across every region Storyblok hosts spaces in. */
  listSpaces(auth: StoryblokAuth): Promise<SpaceSummary[]>;
  getSpace(auth: StoryblokAuth, spaceId: number): Promise<StoryblokSpace>;
  /** Replaces the space's field-level translation languages (Storyblok keeps the list as sent). */
  setSpaceLanguages(auth: StoryblokAuth, spaceId: number, languages: StoryblokLanguage[]): Promise<void>;
  listComponents(auth: StoryblokAuth, spaceId: number): Promise<StoryblokComponentDefinition[]>;
  /**
   * One page of folders and stories, without content, oldest first: stories created during a sync land on
   * later pages instead of shifting the pages still to come.
   */
  listStories(
    auth: StoryblokAuth,
    spaceId: number,
    page: number,
    perPage: number,
    sortBy?: StoriesOrder,
  ): Promise<StoriesPage>;
  getStory(auth: StoryblokAuth, spaceId: number, storyId: number): Promise<StoryblokStory>;
  /** Replaces the story's content; with `translatedSlugs`, sets those languages' slugs too (others stay). */
  updateStoryContent(
    auth: StoryblokAuth,
    spaceId: number,
    storyId: number,
    content: Record<string, unknown>,
    translatedSlugs?: TranslatedSlugWrite[],
  ): Promise<StoryblokStory>;
  /** Publishes these languages of the story (by code), and only them: the space must publish them individually. */
  publishLanguages(auth: StoryblokAuth, spaceId: number, storyId: number, codes: string[]): Promise<StoryblokStory>;
  /** Every datasource of the space, with its dimensions. */
  listDatasources(auth: StoryblokAuth, spaceId: number): Promise<StoryblokDatasource[]>;
  /** Every entry of a datasource, with its value in the dimension when one is given. */
  listDatasourceEntries(
    auth: StoryblokAuth,
    spaceId: number,
    datasourceId: number,
    dimensionId: number | null,
  ): Promise<DatasourceEntry[]>;
  /** Sets an entry's value in a dimension; its name and value go as they are, for Storyblok asks for them. */
  setDatasourceEntryValue(
    auth: StoryblokAuth,
    spaceId: number,
    entry: { id: number; name: string; value: string },
    dimension: { id: number; value: string },
  ): Promise<void>;
}

/** The only code that talks to Storyblok's Management API; everything else gets these typed answers. */
export function createStoryblokAdapter(options: StoryblokAdapterOptions): StoryblokAdapter {
  const resilientFetch = createResilientFetch({ budget: options.budget, policy: options.retryPolicy });
  const limitedFetch = (maxPerSecond: number | null | undefined) =>
    maxPerSecond
      ? createResilientFetch({ budget: options.budget, policy: options.retryPolicy, maxPerSecond })
      : resilientFetch;
  const authorization = (auth: StoryblokAuth) => (auth.kind === 'oauth' ? `Bearer ${auth.token}` : auth.token);

  const baseUrl = (region: Region) =>
    options.mapiUrl?.replaceAll('{region}', region) ?? `https://${REGIONAL_DATA[region].managementApiDomain}/v1`;
  const oneHostForAll = options.mapiUrl !== undefined && !options.mapiUrl.includes('{region}');
  const regionOf = (spaceId: number): Region => getRegion(spaceId) ?? 'eu';

  const client = (auth: StoryblokAuth, region: Region) =>
    new StoryblokClient({
      oauthToken: authorization(auth),
      endpoint: baseUrl(region),
      fetch: limitedFetch(auth.maxRequestsPerSecond),
      // Pacing and retries happen in resilientFetch; the client's own would pace twice and retry blindly.
      rateLimit: 1000,
      maxRetries: 1,
      retriesDelay: 0,
      cache: { type: 'none' },
    });

  async function call<S extends z.ZodType>(
    schema: S,
    request: () => Promise<unknown>,
    pick: (data: Record<string, unknown>) => unknown,
  ): Promise<z.output<S>> {
    let data: Record<string, unknown>;
    try {
      data = ((await request()) as { data: Record<string, unknown> }).data;
    } catch (error) {
      throw toStoryblokError(error);
    }
    const parsed = schema.safeParse(pick(data ?? {}));
    if (!parsed.success)
      throw new StoryblokError(
        'invalid_answer',
        200,
        `Storyblok answered in an unexpected shape: ${parsed.error.message}`,
      );
    return parsed.data;
  }

  /** Every page of a list, read until a page comes back short. */
  async function allPages<S extends z.ZodType>(
    schema: S,
    perPage: number,
    request: (page: number) => Promise<unknown>,
    pick: (data: Record<string, unknown>) => unknown,
  ): Promise<z.output<S>[]> {
    const items: z.output<S>[] = [];
    for (let page = 1; ; page += 1) {
      const found = (await call(schema.array(), () => request(page), pick)) as z.output<S>[];
      items.push(...found);
      if (found.length < perPage) return items;
    }
  }

  return {
    async listSpaces(auth) {
      const hosts: Region[] = oneHostForAll ? ['eu'] : [...regions];
      const results = await Promise.allSettled(
        hosts.map((region) =>
          call(
            spaceSummarySchema.array(),
            () => client(auth, region).get('spaces', {}),
            (data) => data.spaces ?? [],
          ).then((spaces) => spaces.map((space) => ({ ...space, region: space.region ?? region }))),
        ),
      );
      const found = results.flatMap((result) => (result.status === 'fulfilled' ? result.value : []));
      if (found.length === 0) {
        const failures = results.flatMap((result) =>
          result.status === 'rejected' ? [toStoryblokError(result.reason)] : [],
        );
        // A token valid in no region is simply invalid; other failures mean Storyblok could not be asked.
        if (failures.length === hosts.length)
          throw failures.find((failure) => failure.kind !== 'unauthorized') ?? failures[0]!;
      }
      const unique = new Map(found.map((space) => [space.id, space]));
      return [...unique.values()];
    },

    async getSpace(auth, spaceId) {
      const region = regionOf(spaceId);
      const space = await call(
        spaceDetailSchema,
        () => client(auth, region).get(`spaces/${spaceId}`, {}),
        (data) => data.space,
      );
      // The plan sets the token's rate until Storyblok names a limit of its own.
      const planRate = options.followPlan ? rateOfPlan(space.plan, space.plan_level) : null;
      if (planRate) await options.budget.learnRate(budgetKeyOf(authorization(auth)), planRate, 'plan');
      return {
        id: space.id,
        name: space.name,
        region: space.region ?? region,
        languages: space.languages,
        defaultLangName: space.default_lang_name ?? null,
        previewToken: space.first_token ?? null,
        publishesLanguagesIndividually: space.use_translated_stories === true,
      };
    },

    async setSpaceLanguages(auth, spaceId, languages) {
      const body = { space: { languages } } as unknown as Parameters<StoryblokClient['put']>[1];
      await call(
        spaceDetailSchema.partial(),
        () => client(auth, regionOf(spaceId)).put(`spaces/${spaceId}`, body),
        (data) => data.space ?? {},
      );
    },

    listComponents: (auth, spaceId) =>
      call(
        componentSchema.array(),
        () => client(auth, regionOf(spaceId)).get(`spaces/${spaceId}/components`, {}),
        (data) => data.components ?? [],
      ),

    async listStories(auth, spaceId, page, perPage, sortBy = 'created_at:asc') {
      let total = 0;
      const stories = await call(
        storyListItemSchema.array(),
        async () => {
          // Each language's publication, which the list leaves out unless asked (the client's types lack it).
          const params = { page, per_page: perPage, sort_by: sortBy, with_translated_stories: 1 };
          const response = await client(auth, regionOf(spaceId)).get(
            `spaces/${spaceId}/stories`,
            params as Parameters<StoryblokClient['get']>[1],
          );
          total = Number(response.total ?? 0);
          return response;
        },
        (data) => data.stories ?? [],
      );
      return { stories, total: Math.max(total, stories.length) };
    },

    getStory: (auth, spaceId, storyId) =>
      call(
        storySchema,
        () => client(auth, regionOf(spaceId)).get(`spaces/${spaceId}/stories/${storyId}`, {}),
        (data) => data.story,
      ),

    updateStoryContent(auth, spaceId, storyId, content, translatedSlugs = []) {
      // No force_update: a story an editor has locked answers 422 and the write is retried later, rather than
      // handing the editor a content conflict. A translated slug goes with its entry's id, so Storyblok updates
      // that entry rather than adding a second one for the language.
      const story =
        translatedSlugs.length > 0 ? { content, translated_slugs_attributes: translatedSlugs } : { content };
      const body = { story } as unknown as Parameters<StoryblokClient['put']>[1];
      return call(
        storySchema,
        () => client(auth, regionOf(spaceId)).put(`spaces/${spaceId}/stories/${storyId}`, body),
        (data) => data.story,
      );
    },

    publishLanguages: (auth, spaceId, storyId, codes) =>
      // The publish endpoint rather than a write with publish: 1: the content is already written, and a write
      // would make a second version of the story.
      call(
        storySchema,
        () =>
          client(auth, regionOf(spaceId)).get(`spaces/${spaceId}/stories/${storyId}/publish`, {
            lang: codes.join(','),
          }),
        (data) => data.story,
      ),

    listDatasources: (auth, spaceId) =>
      allPages(
        datasourceSchema,
        100,
        (page) => client(auth, regionOf(spaceId)).get(`spaces/${spaceId}/datasources`, { page, per_page: 100 }),
        (data) => data.datasources ?? [],
      ),

    listDatasourceEntries: (auth, spaceId, datasourceId, dimensionId) =>
      allPages(
        datasourceEntrySchema,
        1000,
        (page) => {
          const params = {
            datasource_id: datasourceId,
            page,
            per_page: 1000,
            ...(dimensionId ? { dimension: dimensionId } : {}),
          };
          return client(auth, regionOf(spaceId)).get(
            `spaces/${spaceId}/datasource_entries`,
            params as Parameters<StoryblokClient['get']>[1],
          );
        },
        (data) => data.datasource_entries ?? [],
      ),

    async setDatasourceEntryValue(auth, spaceId, entry, dimension) {
      const body = {
        datasource_entry: { name: entry.name, value: entry.value, dimension_value: dimension.value },
        dimension_id: dimension.id,
      } as unknown as Parameters<StoryblokClient['put']>[1];
      // Storyblok answers 204 with no body.
      await call(
        datasourceEntrySchema.partial().nullish(),
        () => client(auth, regionOf(spaceId)).put(`spaces/${spaceId}/datasource_entries/${entry.id}`, body),
        () => null,
      );
    },
  };
}
