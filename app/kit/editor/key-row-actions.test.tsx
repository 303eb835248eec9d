import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { aiTranslate, markAsUnverified, markAsVerified, saveTranslation } from '#contract/content-writes.ts';
import { deferred, fail } from '../testing/fake-api.ts';
import {
  renderStoryEditor,
  statusShown,
  storyApi,
  textKey,
  SPACE_LOCALE_ID,
  STORY_ID,
} from '../testing/story-editor-fixtures.tsx';

const row = () => screen.findByRole('group', { name: 'teaser › headline' });
const inRow = async () => within(await row());
const verifiedSwitch = async () => (await inRow()).getByRole('switch', { name: 'Verified' });
const target = async () => (await inRow()).getByRole('textbox', { name: 'Translation of teaser › headline' });

describe('the Verified switch of a key', () => {
  it('verifies a saved translation', async () => {
    const key = textKey('unverified');
    const api = storyApi([key]);
    const { user } = renderStoryEditor(api);

    expect(await verifiedSwitch()).not.toBeChecked();
    await user.click(await verifiedSwitch());

    await waitFor(async () => expect(await verifiedSwitch()).toBeChecked());
    expect(statusShown(await row())).toBe('Verified');
    expect(api.callsTo(markAsVerified).map((call) => call.body)).toEqual([
      [{ key: key.key, story_id: STORY_ID, space_locale_id: SPACE_LOCALE_ID }],
    ]);
  });

  it('asks first when the checks found something, and verifies only once confirmed', async () => {
    const problem = {
      code: 'number_mismatch' as const,
      message: 'The translation lacks the number “3” of the source.',
    };
    const key = textKey('unverified', {}, { qa: [problem] });
    const api = storyApi([key]);
    const { user } = renderStoryEditor(api);

    await user.click(await verifiedSwitch());
    const dialog = await screen.findByRole('dialog', { name: 'Verify despite the checks?' });
    expect(within(dialog).getByText(problem.message)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(markAsVerified)).toEqual([]);
    expect(await verifiedSwitch()).not.toBeChecked();

    await user.click(await verifiedSwitch());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Verify despite the checks?' })).getByRole('button', {
        name: 'Verify anyway',
      }),
    );
    await waitFor(async () => expect(await verifiedSwitch()).toBeChecked());
    expect(api.callsTo(markAsVerified)).toHaveLength(1);
  });

  it('unverifies a verified translation', async () => {
    const api = storyApi([textKey('verified')]);
    const { user } = renderStoryEditor(api);

    expect(await verifiedSwitch()).toBeChecked();
    await user.click(await verifiedSwitch());

    await waitFor(async () => expect(statusShown(await row())).toBe('Unverified'));
    expect(await verifiedSwitch()).not.toBeChecked();
    expect(api.callsTo(markAsUnverified)).toHaveLength(1);
  });

  it('is off limits while nothing is saved, and while text is unsaved', async () => {
    const { user, unmount } = renderStoryEditor(storyApi([textKey('missing')]));
    expect(await verifiedSwitch()).toBeDisabled();
    unmount();

    renderStoryEditor(storyApi([textKey('unverified')]));
    expect(await verifiedSwitch()).toBeEnabled();
    await user.type(await target(), '!');
    expect(await verifiedSwitch()).toBeDisabled();
    await user.hover((await inRow()).getByText('Verified', { selector: 'label *' }));
    const hint = await screen.findByText('Save your changes first (Alt+V saves them verified)');
    await waitFor(() => expect(hint).toBeVisible());
  });

  it('saves unsaved text as verified with Alt+V', async () => {
    const key = textKey('unverified', { translation: 'Hallo' });
    const api = storyApi([key]);
    const { user } = renderStoryEditor(api);

    await user.type(await target(), '!');
    await user.keyboard('{Alt>}v{/Alt}');

    await waitFor(async () => expect(statusShown(await row())).toBe('Verified'));
    expect(api.callsTo(saveTranslation).map(({ body }) => [body.value, body.reference_hash])).toEqual([
      ['Hallo!', key.hash],
    ]);
  });

  it('says why Alt+V did nothing on a key with nothing to verify', async () => {
    const api = storyApi([textKey('missing')]);
    const { user } = renderStoryEditor(api);

    await user.click(await target());
    await user.keyboard('{Alt>}v{/Alt}');

    expect(await screen.findByText('Not verified')).toBeVisible();
    expect(screen.getByText('Nothing to verify yet: write or AI-translate the text first.')).toBeVisible();
    expect(api.callsTo(markAsVerified)).toEqual([]);
    expect(api.callsTo(saveTranslation)).toEqual([]);
  });
});

interface AiAnswer {
  content: string;
  ai_score: number | null;
  ai_score_reasons: Array<{ code: string; message: string }>;
}

const scored = (content: string): AiAnswer => ({
  content,
  ai_score: 88,
  ai_score_reasons: [{ code: 'model_rating', message: 'Adequacy 92, fluency 88.' }],
});

describe('the AI button of a key', () => {
  it('shows it is busy, then puts the AI’s text into the translation without saving it', async () => {
    const answer = deferred<AiAnswer>();
    const api = storyApi([textKey('missing', { source: 'Hello world' })]).on(aiTranslate, () => answer.promise);
    const { user } = renderStoryEditor(api);

    const button = (await inRow()).getByRole('button', { name: 'AI translate' });
    await user.click(button);
    await waitFor(() => expect(button).toBeDisabled());
    expect(button).toHaveAttribute('aria-busy', 'true');

    answer.resolve(scored('Hallo Welt'));
    await waitFor(async () => expect(await target()).toHaveValue('Hallo Welt'));
    expect(button).toBeEnabled();
    expect((await inRow()).getByText('Unsaved')).toBeVisible();
    expect(api.callsTo(aiTranslate).map((call) => call.body)).toEqual([
      expect.objectContaining({ value: 'Hello world', target_locale: 'de', space_locale_id: SPACE_LOCALE_ID }),
    ]);
    expect(api.callsTo(saveTranslation)).toEqual([]);

    // Saved as it came, it is the AI's translation (the server keeps its score); edited, it is the translator's.
    await user.click((await inRow()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(saveTranslation)).toHaveLength(1));
    expect(api.callsTo(saveTranslation)[0]!.body).toMatchObject({ value: 'Hallo Welt', origin: 'ai' });
    await user.type(await target(), '!');
    await user.click((await inRow()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(saveTranslation)).toHaveLength(2));
    expect(api.callsTo(saveTranslation)[1]!.body).not.toHaveProperty('origin');
  });

  it('asks the AI with Alt+T', async () => {
    const api = storyApi([textKey('missing', { source: 'Good night' })]);
    const { user } = renderStoryEditor(api);

    await user.click(await target());
    await user.keyboard('{Alt>}t{/Alt}');

    await waitFor(async () => expect(await target()).toHaveValue('[de] Good night'));
  });

  it('never replaces text the translator typed: the answer waits beside it, to use or dismiss', async () => {
    const answer = deferred<AiAnswer>();
    const api = storyApi([textKey('missing', { source: 'Hello world' })]).on(aiTranslate, () => answer.promise);
    const { user } = renderStoryEditor(api);

    await user.click(await target());
    await user.keyboard('{Alt>}t{/Alt}');
    // The translator goes on typing while the model answers.
    await user.type(await target(), 'Hallo');
    answer.resolve(scored('Hallo Welt'));

    const suggestion = within(await screen.findByRole('region', { name: 'AI suggestion' }));
    expect(suggestion.getByText('Hallo Welt')).toBeVisible();
    expect(suggestion.getByLabelText('AI score 88 of 100, likely good')).toBeVisible();
    expect(await target()).toHaveValue('Hallo');
    await user.click(suggestion.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('region', { name: 'AI suggestion' })).not.toBeInTheDocument();
    expect(await target()).toHaveValue('Hallo');

    await user.click((await inRow()).getByRole('button', { name: 'AI translate' }));
    answer.resolve(scored('Hallo Welt'));
    const second = within(await screen.findByRole('region', { name: 'AI suggestion' }));
    await user.click(second.getByRole('button', { name: 'Use' }));
    expect(await target()).toHaveValue('Hallo Welt');
    expect(screen.queryByRole('region', { name: 'AI suggestion' })).not.toBeInTheDocument();
    expect(api.callsTo(saveTranslation)).toEqual([]);
    await user.click((await inRow()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(saveTranslation)).toHaveLength(1));
    expect(api.callsTo(saveTranslation)[0]!.body).toMatchObject({ value: 'Hallo Welt', origin: 'ai' });
  });

  it('says why when the AI cannot translate, and leaves the translation as it was', async () => {
    const api = storyApi([textKey('missing')]).on(aiTranslate, () =>
      fail(429, 'quota_exceeded', 'The AI words of this space for today are used up.'),
    );
    const { user } = renderStoryEditor(api);

    await user.click((await inRow()).getByRole('button', { name: 'AI translate' }));

    expect(await screen.findByText('AI translation failed')).toBeVisible();
    expect(screen.getByText('The AI words of this space for today are used up.')).toBeVisible();
    expect(await target()).toHaveValue('');
  });

  it('is unavailable, with the rest of the row, while an AI translation is under way', async () => {
    const asked = textKey('missing', {}, { has_translation_ask: true, status: 'translation_requested' });
    renderStoryEditor(storyApi([asked]));

    const found = await inRow();
    expect(found.getByRole('button', { name: 'AI translate' })).toBeDisabled();
    expect(found.getByRole('button', { name: 'Copy source' })).toBeDisabled();
    expect(found.getByRole('switch', { name: 'Verified' })).toBeDisabled();
    expect(await target()).toHaveAttribute('readonly');
    expect(statusShown(await row())).toBe('Translation requested');
  });
});
