import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { readDataDir } from '#tests/fakes/storyblok/read-data-dir.ts';
import type { RawFakeData } from '#tests/fakes/storyblok/types.ts';

/** A space of the data below, as a test connects it. */
export interface RunSpace {
  storyblokSpaceId: number;
  pat: string;
}

export interface AiRunData {
  data: RawFakeData;
  /** The basic fixture's space first, then its copies. */
  spaces: RunSpace[];
  /** The Storyblok id of the folder holding the added stories. */
  guidesFolder: number;
}

const GUIDES_FOLDER = 500;

function guideStory(index: number, teasers: number) {
  const id = GUIDES_FOLDER + 1 + index;
  return {
    id,
    uuid: `00000000-0000-4000-b000-${String(id).padStart(12, '0')}`,
    name: `Guide ${index + 1}`,
    slug: `guide-${index + 1}`,
    parent_id: GUIDES_FOLDER,
    published: true,
    created_at: '2024-04-01T09:00:00.000Z',
    updated_at: '2024-04-01T09:00:00.000Z',
    content: {
      _uid: `guide-${index}`,
      component: 'page',
      title: `Guide ${index + 1}: getting the weather forecast right`,
      body: Array.from({ length: teasers }, (_, step) => ({
        _uid: `guide-${index}-step-${step}`,
        component: 'teaser',
        headline: `Step ${step + 1} of guide ${index + 1} explains the settings for your team`,
      })),
    },
  };
}

/** A story of a copied space: Storyblok ids are unique across spaces, so the copy's are moved by `offset`. */
function renumbered(input: unknown, offset: number): Record<string, unknown> {
  const raw = input as Record<string, unknown>;
  const story = structuredClone((raw.story ?? raw) as Record<string, unknown>);
  const parent = Number(story.parent_id ?? 0);
  return {
    ...story,
    id: Number(story.id) + offset,
    parent_id: parent > 0 ? parent + offset : parent,
    uuid: undefined,
  };
}

/**
 * The basic fixture's space with a "Guides" folder of `stories` more stories (a title and `teasers` teaser
 * headlines each, about ten words a key), and `copies` more spaces like it under ids and tokens of their own:
 * enough keys for AI runs that last while a test does something to them.
 */
export async function aiRunData(options: { stories: number; teasers: number; copies?: number }): Promise<AiRunData> {
  const basic = await readDataDir(basicFixture.dir);
  const original = basic.spaces[0]!;
  const guides = [
    {
      id: GUIDES_FOLDER,
      uuid: '00000000-0000-4000-b000-000000000500',
      name: 'Guides',
      slug: 'guides',
      parent_id: 0,
      is_folder: true,
      created_at: '2024-04-01T08:00:00.000Z',
      updated_at: '2024-04-01T08:00:00.000Z',
    },
    ...Array.from({ length: options.stories }, (_, index) => guideStory(index, options.teasers)),
  ];
  const spaces: RunSpace[] = [{ storyblokSpaceId: basicFixture.spaceId, pat: basicFixture.pat }];
  const data: RawFakeData = {
    tokens: { ...basic.tokens },
    spaces: [{ ...original, stories: [...(original.stories ?? []), ...guides], sources: undefined }],
  };
  for (let copy = 1; copy <= (options.copies ?? 0); copy += 1) {
    const id = basicFixture.spaceId + copy;
    const space = structuredClone((original.space as { space: Record<string, unknown> }).space);
    const pat = `ai-run-pat-${id}`;
    data.tokens[pat] = [id];
    spaces.push({ storyblokSpaceId: id, pat });
    data.spaces.push({
      id,
      space: { ...space, id, name: `Copy ${copy} of ${String(space.name)}`, first_token: `preview-${id}` },
      components: original.components,
      apiKeys: { api_keys: [] },
      stories: data.spaces[0]!.stories!.map((story) => renumbered(story, copy * 100_000)),
    });
  }
  return { data, spaces, guidesFolder: GUIDES_FOLDER };
}
