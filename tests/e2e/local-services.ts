import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';
import { readDataDir } from '#tests/fakes/storyblok/read-data-dir.ts';
import { startFakeStoryblok } from '#tests/fakes/storyblok/server.ts';
import type { FakeStoryblok } from '#tests/fakes/storyblok/fake-handle.ts';
import type { RawFakeData } from '#tests/fakes/storyblok/types.ts';
import { startFakeOpenAI, type FakeOpenAI } from '#tests/fakes/openai/server.ts';
import { startFakeStripe, stripeEnv, type FakeStripe } from '#tests/fakes/stripe/server.ts';

/** How many copies of the basic space the local Storyblok holds: one per test that connects a space. */
const SPACE_COPIES = 40;
const FIRST_COPY_ID = 200001;
/** Story ids must be unique across the whole fake, so copy k shifts every story id by k * this. */
const STORY_ID_STRIDE = 1000;

/** One copy of the basic fixture's space (same stories, languages and schema), with its own id and tokens. */
export interface E2ESpace {
  spaceId: number;
  name: string;
  pat: string;
  previewToken: string;
  /** Story id of the copy for a story id of `basicFixture.stories`. */
  storyId: (basicStoryId: number) => number;
}

export interface LocalServices {
  storyblok: FakeStoryblok;
  openai: FakeOpenAI;
  /** Sends its webhooks to the worker's server once that listens. */
  stripe: FakeStripe;
  /** The environment that points a Polyblok server at these services. */
  env: Record<string, string>;
  /** A space no other test has used (each test that connects a space takes its own). */
  takeSpace: () => E2ESpace;
  close: () => Promise<void>;
}

function copyOf(k: number): E2ESpace {
  const offset = (k + 1) * STORY_ID_STRIDE;
  return {
    spaceId: FIRST_COPY_ID + k,
    name: k === 0 ? 'Marketing Site' : `Marketing Site ${k + 1}`,
    pat: `e2e-pat-${k + 1}`,
    previewToken: `e2e-preview-${k + 1}`,
    storyId: (id) => id + offset,
  };
}

function shiftStory(raw: unknown, offset: number, k: number): unknown {
  const wrapped = raw as { story?: Record<string, unknown> };
  const story = { ...(wrapped.story ?? (raw as Record<string, unknown>)) };
  story.id = Number(story.id) + offset;
  if (typeof story.parent_id === 'number' && story.parent_id > 0) story.parent_id += offset;
  if (typeof story.uuid === 'string') story.uuid = `${story.uuid.slice(0, -4)}${String(k + 1).padStart(4, '0')}`;
  return { story };
}

async function copiedSpaces(): Promise<RawFakeData> {
  const basic = await readDataDir(basicFixture.dir);
  const source = basic.spaces[0];
  if (!source) throw new Error('the basic fixture has no space');
  const tokens: Record<string, number[]> = {};
  const spaces: RawFakeData['spaces'] = [];
  for (let k = 0; k < SPACE_COPIES; k += 1) {
    const copy = copyOf(k);
    const offset = copy.storyId(0);
    const space = { ...((source.space as { space?: object }).space ?? (source.space as object)) } as Record<
      string,
      unknown
    >;
    tokens[copy.pat] = [copy.spaceId];
    spaces.push({
      id: copy.spaceId,
      space: { ...space, id: copy.spaceId, name: copy.name, first_token: copy.previewToken },
      components: source.components,
      apiKeys: {
        api_keys: [
          { id: copy.spaceId * 10 + 1, access: 'private', name: 'Preview', token: copy.previewToken },
          { id: copy.spaceId * 10 + 2, access: 'public', name: 'Public', token: `e2e-public-${k + 1}` },
        ],
      },
      stories: (source.stories ?? []).map((raw) => shiftStory(raw, offset, k)),
    });
  }
  return { tokens, spaces };
}

/** Starts the local Storyblok (with the copied spaces) and the local OpenAI for one Playwright worker. */
export async function startLocalServices(): Promise<LocalServices> {
  const storyblok = await startFakeStoryblok({ data: await copiedSpaces() });
  const openai = await startFakeOpenAI();
  const stripe = await startFakeStripe();
  let next = 0;
  return {
    storyblok,
    openai,
    stripe,
    env: {
      ...stripeEnv(stripe),
      STORYBLOK_MAPI_URL: storyblok.mapiUrl,
      STORYBLOK_REQUESTS_PER_SECOND: '50',
      OPENAI_BASE_URL: openai.baseUrl,
      OPENAI_API_KEY: 'local',
    },
    takeSpace: () => {
      if (next >= SPACE_COPIES) throw new Error(`the local Storyblok holds only ${SPACE_COPIES} spaces for e2e tests`);
      const copy = copyOf(next);
      next += 1;
      return copy;
    },
    close: async () => {
      await Promise.all([storyblok.close(), openai.close(), stripe.close()]);
    },
  };
}
