import { normalizeDatasources } from './datasources.ts';
import { getRegion } from '@storyblok/region-helper';
import { z } from 'zod';
import { FakeDataError } from './read-data-dir.ts';
import { stableToken } from './random.ts';
import { normalizeStory, storyInputSchema } from './normalize-story.ts';
import type { ApiKey, ComponentRecord, RawFakeData, SpaceData, SpaceRecord, StoryRecord } from './types.ts';

/** Timestamp for data that has none: fixed so two starts on the same data answer the same. */
export const dataEpoch = '2024-01-01T00:00:00.000Z';

const id = z.union([z.number().int().nonnegative(), z.string().regex(/^\d+$/).transform(Number)]);

const tokensSchema = z.record(
  z.string().min(1),
  z.union([
    z.array(id),
    z.looseObject({ spaces: z.array(id) }).transform((v) => v.spaces),
    z.looseObject({ space_ids: z.array(id) }).transform((v) => v.space_ids),
  ]),
);

const languageSchema = z.looseObject({ code: z.string().min(1), name: z.string().default('') });

const spaceSchema = z.looseObject({
  id: id.optional(),
  name: z.string().optional(),
  region: z.string().optional(),
  languages: z.array(languageSchema).nullish(),
  default_lang_name: z.string().nullish(),
  first_token: z.string().min(1).optional(),
});

const componentSchema = z.looseObject({
  id: id.optional(),
  name: z.string().min(1),
  schema: z.record(z.string(), z.looseObject({ type: z.string() })).nullish(),
});
const componentsSchema = z.union([
  z.array(componentSchema),
  z.looseObject({ components: z.array(componentSchema) }).transform((v) => v.components),
]);

const apiKeySchema = z.looseObject({
  id: id.optional(),
  access: z.enum(['public', 'private', 'theme', 'release']),
  token: z.string().min(1),
  name: z.string().nullish(),
});
const apiKeysSchema = z.union([
  z.array(apiKeySchema),
  z.looseObject({ api_keys: z.array(apiKeySchema) }).transform((v) => v.api_keys),
]);

function parse<T>(schema: z.ZodType<T>, value: unknown, file: string): T {
  const result = schema.safeParse(value);
  if (!result.success) throw new FakeDataError(file, z.prettifyError(result.error).replace(/\n/g, '; '));
  return result.data;
}

/** A file may hold `{ story }`, a bare story, `{ stories: [...] }` or a bare array of stories. */
function storiesOf(value: unknown): unknown[] {
  if (Array.isArray(value)) return value;
  if (value && typeof value === 'object') {
    const v = value as Record<string, unknown>;
    if (Array.isArray(v.stories)) return v.stories;
    if (v.story && typeof v.story === 'object') return [v.story];
  }
  return [value];
}

function unwrapSpace(raw: unknown): unknown {
  return raw && typeof raw === 'object' && 'space' in raw ? (raw as { space: unknown }).space : raw;
}

function normalizeSpace(spaceId: number, raw: unknown, file: string): SpaceRecord {
  const s = parse(spaceSchema, unwrapSpace(raw), file);
  if (s.id !== undefined && s.id !== spaceId) {
    throw new FakeDataError(file, `the space id ${s.id} differs from its folder name ${spaceId}`);
  }
  return {
    ...s,
    id: spaceId,
    name: s.name ?? `Space ${spaceId}`,
    region: (s.region ?? getRegion(spaceId) ?? 'eu').toLowerCase(),
    languages: (s.languages ?? []).map((l) => ({ ...l })),
    default_lang_name: s.default_lang_name ?? null,
    first_token: s.first_token ?? stableToken('preview', spaceId),
    domain: typeof s.domain === 'string' ? s.domain : 'http://localhost:3000/',
    plan: typeof s.plan === 'string' ? s.plan : 'starter',
    plan_level: typeof s.plan_level === 'number' ? s.plan_level : 0,
    // Off in a new Storyblok space: someone turns it on in its internationalization settings.
    use_translated_stories: s.use_translated_stories === true,
    owner_id: typeof s.owner_id === 'number' ? s.owner_id : 1,
    created_at: typeof s.created_at === 'string' ? s.created_at : dataEpoch,
    updated_at: typeof s.updated_at === 'string' ? s.updated_at : dataEpoch,
  };
}

function normalizeComponents(spaceId: number, raw: unknown, file: string): ComponentRecord[] {
  if (raw === undefined) return [];
  return parse(componentsSchema, raw, file).map((c, index) => ({
    display_name: null,
    is_root: false,
    is_nestable: true,
    component_group_uuid: null,
    created_at: dataEpoch,
    updated_at: dataEpoch,
    ...c,
    id: c.id ?? spaceId * 1000 + index + 1,
    name: c.name,
    real_name: typeof c.real_name === 'string' ? c.real_name : c.name,
    schema: (c.schema ?? {}) as ComponentRecord['schema'],
  }));
}

function normalizeApiKeys(space: SpaceRecord, raw: unknown, file: string): ApiKey[] {
  const base = { space_id: space.id, branch_id: null, story_ids: [], min_cache: 0, release_ids: [] };
  if (raw === undefined) {
    // Storyblok creates one preview (private) and one public token with each space; first_token is the former.
    return [
      { ...base, id: space.id * 10 + 1, access: 'private', name: 'Preview', token: space.first_token },
      { ...base, id: space.id * 10 + 2, access: 'public', name: 'Public', token: stableToken('public', space.id) },
    ];
  }
  return parse(apiKeysSchema, raw, file).map((k, index) => ({
    ...base,
    ...k,
    id: k.id ?? space.id * 10 + index + 1,
    name: k.name ?? null,
  })) as ApiKey[];
}

export interface NormalizedData {
  patSpaces: Map<string, number[]>;
  spaces: SpaceData[];
}

export function normalizeData(raw: RawFakeData): NormalizedData {
  const tokens = parse(tokensSchema, raw.tokens, raw.tokensSource ?? 'tokens.json');
  const patSpaces = new Map<string, number[]>();
  for (const [token, grant] of Object.entries(tokens)) {
    patSpaces.set(token, grant);
  }
  const seenStoryIds = new Map<number, string>();
  const spaces = raw.spaces.map((entry, spaceIndex) => {
    const sources = entry.sources ?? {};
    const spaceFile = sources.space ?? `spaces[${spaceIndex}].space`;
    const spaceId = entry.id ?? parse(z.looseObject({ id }), unwrapSpace(entry.space), spaceFile).id;
    const space = normalizeSpace(spaceId, entry.space, spaceFile);
    const components = normalizeComponents(spaceId, entry.components, sources.components ?? 'components');
    const apiKeys = normalizeApiKeys(space, entry.apiKeys, sources.apiKeys ?? 'api_keys');
    const stories: StoryRecord[] = [];
    (entry.stories ?? []).forEach((rawFile, fileIndex) => {
      const file = sources.stories?.[fileIndex] ?? `spaces[${spaceIndex}].stories[${fileIndex}]`;
      for (const rawStory of storiesOf(rawFile)) {
        const story = normalizeStory(spaceId, parse(storyInputSchema, rawStory, file));
        const clash = seenStoryIds.get(story.id);
        if (clash) throw new FakeDataError(file, `story id ${story.id} is also used in ${clash}`);
        seenStoryIds.set(story.id, file);
        stories.push(story);
      }
    });
    fillFullSlugs(stories);
    const datasources = normalizeDatasources(entry.datasources, sources.datasources ?? 'datasources');
    return { space, components, apiKeys, stories, datasources };
  });
  return { patSpaces, spaces };
}

/** Computes missing full_slugs from the folder chain; a parent that is not in the data leaves the slug alone. */
function fillFullSlugs(stories: StoryRecord[]): void {
  const byId = new Map(stories.map((s) => [s.id, s]));
  const resolve = (story: StoryRecord, depth: number): string => {
    if (story.full_slug) return story.full_slug;
    const parent = story.parent_id ? byId.get(story.parent_id) : undefined;
    const prefix = parent && parent.is_folder && depth < 50 ? resolve(parent, depth + 1) : '';
    story.full_slug = joinSlug(prefix, story.is_startpage ? '' : story.slug);
    return story.full_slug;
  };
  for (const story of stories) resolve(story, 0);
}

export function joinSlug(parentFullSlug: string, slug: string): string {
  if (!parentFullSlug) return slug;
  return `${parentFullSlug.replace(/\/$/, '')}/${slug}`;
}
