import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { basicFixture } from '#tests/fakes/storyblok/basic-fixture.ts';

/** Keys of the big story: its title and one teaser headline per blok. */
export const STORY_KEYS = 1_000;

/**
 * A copy of the basic space whose home page has `keys` keys; three in four carry a German translation in
 * Storyblok, so the first sync imports them as unverified translations. Answers the data folder (the caller removes it).
 */
export function bigStoryData(keys = STORY_KEYS): string {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'polyblok-big-story-'));
  cpSync(basicFixture.dir, dataDir, { recursive: true });
  const story = {
    story: {
      id: basicFixture.stories.home,
      uuid: '00000000-0000-4000-a000-000000000010',
      name: 'Home',
      slug: 'home',
      full_slug: 'home',
      parent_id: 0,
      is_folder: false,
      published: true,
      updated_at: new Date().toISOString(),
      content_type: 'page',
      content: {
        _uid: 'home',
        component: 'page',
        title: 'Welcome',
        body: Array.from({ length: keys - 1 }, (_, index) => ({
          _uid: `big-${index}`,
          component: 'teaser',
          headline: `Teaser number ${index} of the home page`,
          ...(index % 4 !== 0 ? { headline__i18n__de: `Anreißer ${index}` } : {}),
        })),
      },
    },
  };
  writeFileSync(
    path.join(dataDir, 'spaces', String(basicFixture.spaceId), 'stories', '10-home.json'),
    JSON.stringify(story),
  );
  return dataDir;
}
