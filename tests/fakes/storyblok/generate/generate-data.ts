import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createRandom, stableToken } from '../random.ts';
import type { RawFakeData } from '../types.ts';
import { generatedComponents } from './components.ts';
import { ContentGenerator } from './content.ts';
import { languages, title } from './words.ts';

export interface GenerateOptions {
  /** Number of content stories (folders come on top). */
  stories: number;
  seed?: string | number;
  spaceId?: number;
  /** The personal access token written to tokens.json. */
  token?: string;
  /** How many bloks a page's body holds, at least and at most (each adds about three keys). */
  bodyBloks?: readonly [number, number];
}

export interface GeneratedData {
  spaceId: number;
  token: string;
  previewToken: string;
  publicToken: string;
  space: Record<string, unknown>;
  components: Array<Record<string, unknown>>;
  apiKeys: Array<Record<string, unknown>>;
  folders: Array<Record<string, unknown>>;
  stories: Array<Record<string, unknown>>;
}

const folderNames = ['blog', 'products', 'help', 'company', 'guides', 'news', 'docs', 'careers', 'events', 'legal'];
const dayMs = 24 * 60 * 60 * 1000;
const start = Date.parse('2024-01-01T08:00:00.000Z');
const iso = (ms: number) => new Date(ms).toISOString();

/** A space of `stories` realistic stories in folders up to four levels deep; the same seed gives the same data. */
export function generateData(options: GenerateOptions): GeneratedData {
  const seed = options.seed ?? 'polyblok';
  const r = createRandom(`storyblok-data:${seed}`);
  const spaceId = options.spaceId ?? 290001;
  const token = options.token ?? 'generated-pat';
  const previewToken = stableToken('preview', seed, spaceId);
  const publicToken = stableToken('public', seed, spaceId);
  let nextId = spaceId * 100;

  type Folder = { id: number; uuid: string; full_slug: string; depth: number; record: Record<string, unknown> };
  const folders: Folder[] = [];
  // Three root folders, then one chain four levels deep whatever N is, then random folders up to that depth.
  const folderCount = Math.min(200, Math.max(6, Math.round(options.stories / 8)));
  for (let i = 0; i < folderCount; i++) {
    const chained = i >= 3 && i <= 5 ? folders[i === 3 ? 0 : i - 1] : undefined;
    const parent = i < 3 ? null : (chained ?? r.pick(folders.filter((f) => f.depth < 4)));
    const base = folderNames[i % folderNames.length] as string;
    const slug = i < folderNames.length ? base : `${base}-${i}`;
    const full = parent ? `${parent.full_slug}/${slug}` : slug;
    const id = ++nextId;
    const uuid = r.uuid();
    const created = iso(start + i * 60_000);
    const record = {
      id,
      uuid,
      name: slug.charAt(0).toUpperCase() + slug.slice(1).replace(/-/g, ' '),
      slug,
      full_slug: full,
      parent_id: parent?.id ?? 0,
      is_folder: true,
      is_startpage: false,
      published: false,
      unpublished_changes: false,
      position: i * 10,
      created_at: created,
      updated_at: created,
      content: {},
    };
    folders.push({ id, uuid, full_slug: full, depth: (parent?.depth ?? 0) + 1, record });
  }

  const storyIds = Array.from({ length: options.stories }, () => ++nextId);
  const storyUuids = storyIds.map(() => r.uuid());
  const content = new ContentGenerator(r, storyUuids, options.bodyBloks);
  const startpageFolders = new Set<number>();
  const stories = storyIds.map((id, index) => {
    const folder = index === 0 || r.chance(0.15) ? null : r.pick(folders);
    const isStartpage = Boolean(folder && !startpageFolders.has(folder.id) && r.chance(0.2));
    if (isStartpage && folder) startpageFolders.add(folder.id);
    const name = index === 0 ? 'Home' : title(r, 'en', 2, 5);
    const slug =
      index === 0 ? 'home' : isStartpage ? 'index' : `${name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${index}`;
    const body = r.chance(0.55) ? content.article() : content.page();
    content.addTranslations(body, {
      de: r.pick([0, 0.5, 1]),
      fr: r.pick([0, 0, 0.5, 1]),
      'pt-br': r.pick([0, 0, 0, 0.3]),
    });
    const created = start + r.int(0, 364) * dayMs + r.int(0, 86_399) * 1000;
    const updated = created + r.int(0, 30) * dayMs + r.int(0, 86_399) * 1000;
    const published = index === 0 || r.chance(0.7);
    const changed = published && r.chance(0.25);
    const publishedAt = published ? (changed ? created + (updated - created) / 2 : updated) : null;
    return {
      id,
      uuid: storyUuids[index],
      name,
      slug,
      full_slug: folder ? `${folder.full_slug}/${isStartpage ? '' : slug}` : slug,
      parent_id: folder?.id ?? 0,
      is_folder: false,
      is_startpage: isStartpage,
      published,
      unpublished_changes: changed,
      published_at: publishedAt === null ? null : iso(publishedAt),
      first_published_at: publishedAt === null ? null : iso(Math.min(publishedAt, created + dayMs)),
      created_at: iso(created),
      updated_at: iso(updated),
      position: index,
      tag_list: r.chance(0.3) ? [r.pick(['featured', 'evergreen', 'seasonal'])] : [],
      content_type: body.component,
      content: body,
    };
  });

  const space = {
    id: spaceId,
    name: `Generated space (${options.stories} stories, seed ${seed})`,
    region: 'eu',
    domain: 'https://www.example.com/',
    plan: 'starter',
    plan_level: 0,
    // Languages publish one by one, as a team translating with Polyblok sets its space up.
    use_translated_stories: true,
    owner_id: 1,
    first_token: previewToken,
    default_lang_name: 'English',
    languages: languages.map((l) => ({ code: l.code, name: l.name })),
    created_at: iso(start - dayMs),
    updated_at: iso(start - dayMs),
  };
  const apiKeys = [
    { id: spaceId * 10 + 1, access: 'private', name: 'Preview', token: previewToken },
    { id: spaceId * 10 + 2, access: 'public', name: 'Public', token: publicToken },
  ];
  return {
    spaceId,
    token,
    previewToken,
    publicToken,
    space,
    components: generatedComponents,
    apiKeys,
    folders: folders.map((f) => f.record),
    stories,
  };
}

export function toRawData(data: GeneratedData): RawFakeData {
  return {
    tokens: { [data.token]: [data.spaceId] },
    spaces: [
      {
        id: data.spaceId,
        space: { space: data.space },
        components: { components: data.components },
        apiKeys: { api_keys: data.apiKeys },
        stories: [...data.folders, ...data.stories].map((story) => ({ story })),
      },
    ],
  };
}

/** Writes the data directory; an existing `stories/` of that space is emptied first so counts stay exact. */
export async function writeData(dir: string, data: GeneratedData): Promise<void> {
  const spaceDir = path.join(dir, 'spaces', String(data.spaceId));
  const storiesDir = path.join(spaceDir, 'stories');
  await mkdir(storiesDir, { recursive: true });
  for (const name of await readdir(storiesDir)) {
    if (name.endsWith('.json')) await rm(path.join(storiesDir, name));
  }
  const json = (value: unknown) => `${JSON.stringify(value, null, 2)}\n`;
  await writeFile(path.join(dir, 'tokens.json'), json({ [data.token]: [data.spaceId] }));
  await writeFile(path.join(spaceDir, 'space.json'), json({ space: data.space }));
  await writeFile(path.join(spaceDir, 'components.json'), json({ components: data.components }));
  await writeFile(path.join(spaceDir, 'api_keys.json'), json({ api_keys: data.apiKeys }));
  for (const story of [...data.folders, ...data.stories]) {
    await writeFile(path.join(storiesDir, `${String(story.id)}.json`), json({ story }));
  }
}
