import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { updateSpaceSettings, type SpaceSettings } from '#contract/space-settings.ts';
import { fakeApi } from '#kit/testing/fake-api.ts';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { AutoVerifySelect } from './auto-verify-select.tsx';

function settingsWith(minScore: number | null): SpaceSettings {
  return {
    write_back_mode: 'all',
    publish_requires: 'verified',
    storyblok_requests_per_second: null,
    auto_verify_min_score: minScore,
    write_back: { pending: 0, failed: 0, last_error: null, last_written_at: null, failed_stories: [] },
    sync_problems: { failed_stories: [], failed_story_count: 0, skipped_components: [] },
    ai_usage: { words_today: 0, words_reserved: 0, daily_words: 1000 },
    billing_enabled: false,
  };
}

// The label names the input and its list of options; the input is what shows the choice.
const select = () =>
  screen.getAllByLabelText('Verify AI translations automatically').find((element) => element.tagName === 'INPUT')!;

describe('automatic verification in Settings', () => {
  it('is off by default, and an admin turns it on at a score', async () => {
    const api = fakeApi().on(updateSpaceSettings, ({ body }) => settingsWith(body.auto_verify_min_score ?? null));
    const { user } = renderWithKit(<AutoVerifySelect spaceId={4} settings={settingsWith(null)} admin />, {
      api: api.client,
    });
    expect(select()).toHaveValue('Off: a person verifies every AI translation');
    await user.click(select());
    await user.click(await screen.findByRole('option', { name: 'AI score 85 or more' }));
    await waitFor(() => expect(api.callsTo(updateSpaceSettings)).toHaveLength(1));
    expect(api.callsTo(updateSpaceSettings)[0]!.body).toEqual({ auto_verify_min_score: 85 });
  });

  it('shows a threshold set elsewhere as it is, read-only for members who are not admins', () => {
    renderWithKit(<AutoVerifySelect spaceId={4} settings={settingsWith(77)} admin={false} />, {
      api: fakeApi().client,
    });
    expect(select()).toHaveValue('AI score 77 or more');
    expect(select()).toHaveAttribute('readonly');
  });
});
