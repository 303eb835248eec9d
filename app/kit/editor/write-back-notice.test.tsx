import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStory, type StoryDetail } from '#contract/content.ts';
import { saveTranslation } from '#contract/content-writes.ts';
import { retryWriteBack } from '#contract/write-back.ts';
import { fail } from '../testing/fake-api.ts';
import { renderStoryEditor, storyApi, storyWith, textKey } from '../testing/story-editor-fixtures.tsx';

const LOCKED =
  'Storyblok refused the change (422: story: is currently locked by Ada Editor). Once that is sorted out in Storyblok (a story unlocked, for example), try again.';
const FAILED_AT = '2026-11-27T09:30:00.000Z';
const WRITTEN_AT = '2026-11-27T09:31:00.000Z';

/** A story whose last write Storyblok refused; a retry queues it, and the next read finds it written. */
function refusedStory() {
  const key = textKey('unverified');
  let story: StoryDetail = storyWith([key], { write_back: { state: 'failed', error: LOCKED, at: FAILED_AT } });
  let retried = false;
  const api = storyApi([key])
    .on(getStory, () => {
      // The write goes between the retry's answer and the editor's next read of the story.
      if (retried) story = { ...story, write_back: { state: 'written', error: null, at: WRITTEN_AT } };
      return story;
    })
    .on(retryWriteBack, () => {
      story = { ...story, write_back: { state: 'pending', error: LOCKED, at: null } };
      retried = true;
      return { write_back: story.write_back };
    });
  return api;
}

describe('a story whose translations did not reach Storyblok', () => {
  it('shows Storyblok’s reason and when, and after Retry waits for the write, then shows nothing', async () => {
    const api = refusedStory();
    const { user } = renderStoryEditor(api);

    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText('Not written to Storyblok')).toBeVisible();
    expect(alert.getByText(LOCKED)).toBeVisible();
    expect(alert.getByText(/Nov 27, 2026/)).toBeVisible();

    await user.click(alert.getByRole('button', { name: 'Retry' }));

    expect(await screen.findByText('Waiting to be written to Storyblok')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(api.callsTo(retryWriteBack).map(({ params, body }) => ({ params, body }))).toEqual([
      { params: { storyId: 42 }, body: { locale: 'de' } },
    ]);
    // The story is read again while its write waits: once written, the hint goes.
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument(), { timeout: 6_000 });
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('keeps the failure shown and says why when the retry is refused', async () => {
    const api = refusedStory().on(retryWriteBack, () =>
      fail(409, 'token_issue', 'Storyblok refuses this space’s token, so the story cannot be written.'),
    );
    const { user } = renderStoryEditor(api);

    const alert = within(await screen.findByRole('alert'));
    await user.click(alert.getByRole('button', { name: 'Retry' }));

    expect(
      await screen.findByText('Storyblok refuses this space’s token, so the story cannot be written.'),
    ).toBeVisible();
    expect(screen.getByText('Not retried')).toBeVisible();
    expect(screen.getAllByRole('alert').some((element) => element.textContent?.includes(LOCKED))).toBe(true);
  });

  it('shows a viewer the reason without Retry', async () => {
    renderStoryEditor(refusedStory(), { role: 'viewer' });

    const alert = within(await screen.findByRole('alert'));
    expect(alert.getByText(LOCKED)).toBeVisible();
    expect(alert.queryByRole('button', { name: 'Retry' })).not.toBeInTheDocument();
  });

  it('says a saved translation waits to be written to Storyblok', async () => {
    const api = storyApi([textKey('missing')]);
    const { user } = renderStoryEditor(api);

    await user.type(await screen.findByRole('textbox', { name: 'Translation of teaser › headline' }), 'Hallo');
    expect(screen.queryByText('Waiting to be written to Storyblok')).not.toBeInTheDocument();
    await user.click(
      within(screen.getByRole('group', { name: 'teaser › headline' })).getByRole('button', { name: 'Save' }),
    );

    expect(await screen.findByText('Waiting to be written to Storyblok')).toBeVisible();
    expect(api.callsTo(saveTranslation)).toHaveLength(1);
  });
});
