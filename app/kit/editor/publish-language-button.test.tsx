import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { publishStory } from '#contract/publishing.ts';
import { getSpaceSettings, type SpaceSettings } from '#contract/space-settings.ts';
import { renderStoryEditor, storyApi, textKey } from '../testing/story-editor-fixtures.tsx';

function settings(publishRequires: SpaceSettings['publish_requires']): SpaceSettings {
  return {
    write_back_mode: 'all',
    publish_requires: publishRequires,
    storyblok_requests_per_second: null,
    auto_verify_min_score: null,
    write_back: { pending: 0, failed: 0, last_error: null, last_written_at: null, failed_stories: [] },
    sync_problems: { failed_stories: [], failed_story_count: 0, skipped_components: [] },
    ai_usage: { words_today: 0, words_reserved: 0, daily_words: 1000 },
    billing_enabled: false,
  };
}

const keys = () => [textKey('verified'), textKey('unverified', { field: 'text' })];
const button = () => screen.findByRole('button', { name: 'Publish German' });

describe('publishing the language open in the story editor', () => {
  it('is disabled while a key is not done by the space’s rule', async () => {
    const api = storyApi(keys()).on(getSpaceSettings, () => settings('verified'));
    const { user } = renderStoryEditor(api, { role: 'editor' });
    await user.hover((await button()).parentElement!);
    expect(await screen.findByText('1 key is not verified yet in German.')).toBeInTheDocument();
    expect(await button()).toBeDisabled();
  });

  it('publishes the language once every key is done by the rule', async () => {
    const api = storyApi(keys())
      .on(getSpaceSettings, () => settings('translated'))
      .on(publishStory, ({ body }) => ({
        story_id: body.story_id,
        languages: [
          {
            space_locale_id: body.space_locale_ids[0]!,
            code: 'de',
            publication: 'published' as const,
            published_at: null,
          },
        ],
      }));
    const { user } = renderStoryEditor(api, { role: 'editor' });
    await waitFor(async () => expect(await button()).toBeEnabled());
    await user.click(await button());
    expect(await screen.findByText('“Home page” is published in German in Storyblok.')).toBeVisible();
    expect(api.callsTo(publishStory)).toHaveLength(1);
  });

  it('is not offered to a translator', async () => {
    renderStoryEditor(storyApi(keys()), { role: 'translator' });
    await screen.findByRole('heading', { name: 'Home page' });
    expect(screen.queryByRole('button', { name: 'Publish German' })).toBeNull();
  });
});
