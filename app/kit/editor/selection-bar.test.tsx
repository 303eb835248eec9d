import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createTranslationAsks, markAsVerified } from '#contract/content-writes.ts';
import {
  renderStoryEditor,
  statusShown,
  storyApi,
  textKey,
  SPACE_LOCALE_ID,
} from '../testing/story-editor-fixtures.tsx';

const select = async (path: string) => screen.findByRole('checkbox', { name: `Select ${path}` });

describe('the selection bar', () => {
  it('selects every key of the tab and offers what can be done with them', async () => {
    const { user } = renderStoryEditor(
      storyApi([textKey('missing', { field: 'title' }), textKey('unverified', { field: 'intro' })]),
    );

    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));

    expect(await select('teaser › title')).toBeChecked();
    expect(await select('teaser › intro')).toBeChecked();
    expect(screen.getByRole('checkbox', { name: '2 selected' })).toBeChecked();
    for (const action of ['Translate with AI', 'Verify', 'Unverify', 'Clear']) {
      expect(screen.getByRole('button', { name: action })).toBeVisible();
    }
  });

  it('asks the AI for the selected keys and shows them as requested', async () => {
    const title = textKey('missing', { field: 'title' });
    const api = storyApi([title, textKey('missing', { field: 'intro' })]);
    const { user } = renderStoryEditor(api);

    await user.click(await select('teaser › title'));
    await user.click(screen.getByRole('button', { name: 'Translate with AI' }));

    expect(await screen.findByText('AI translation requested')).toBeVisible();
    expect(api.callsTo(createTranslationAsks).map((call) => call.body)).toEqual([
      { translatable_key_ids: [title.id], space_locale_id: SPACE_LOCALE_ID },
    ]);
    await waitFor(() =>
      expect(statusShown(screen.getByRole('group', { name: 'teaser › title' }))).toBe('Translation requested'),
    );
    expect(statusShown(screen.getByRole('group', { name: 'teaser › intro' }))).toBe('Missing');
  });

  it('asks before the AI replaces translations already there', async () => {
    const api = storyApi([textKey('unverified')]);
    const { user } = renderStoryEditor(api);

    await user.click(await select('teaser › headline'));
    await user.click(screen.getByRole('button', { name: 'Translate with AI' }));
    const dialog = await screen.findByRole('dialog', { name: 'Replace existing translations?' });
    expect(within(dialog).getByText(/1 selected key already has a translation/)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(api.callsTo(createTranslationAsks)).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Translate with AI' }));
    const again = await screen.findByRole('dialog', { name: 'Replace existing translations?' });
    await user.click(within(again).getByRole('button', { name: 'Translate with AI' }));
    await waitFor(() => expect(api.callsTo(createTranslationAsks)).toHaveLength(1));
  });

  it('verifies only the selected keys that wait for it', async () => {
    const first = textKey('unverified', { field: 'title' });
    const second = textKey('unverified', { field: 'intro' });
    const api = storyApi([first, second, textKey('missing', { field: 'body' }), textKey('verified', { field: 'end' })]);
    const { user } = renderStoryEditor(api);

    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));

    expect(await screen.findByText('2 keys verified.')).toBeVisible();
    expect(api.callsTo(markAsVerified).map((call) => call.body.map((ref) => ref.key))).toEqual([
      [first.key, second.key],
    ]);
    expect(screen.getByRole('checkbox', { name: 'Select all' })).not.toBeChecked();
  });

  it('names the selected translations the checks found something in before verifying them', async () => {
    const problem = { code: 'url_changed' as const, message: 'The address “https://a.io” is not in the translation.' };
    const flagged = textKey('unverified', { field: 'title' }, { qa: [problem] });
    const clean = textKey('unverified', { field: 'intro' });
    const api = storyApi([flagged, clean]);
    const { user } = renderStoryEditor(api);

    await user.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    await user.click(screen.getByRole('button', { name: 'Verify' }));
    const dialog = await screen.findByRole('dialog', { name: 'Verify despite the checks?' });
    expect(dialog).toHaveTextContent('The checks found something in 1 translation of the 2 selected keys');
    expect(dialog).toHaveTextContent(`teaser › title: ${problem.message}`);
    expect(api.callsTo(markAsVerified)).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Verify anyway' }));

    expect(await screen.findByText('2 keys verified.')).toBeVisible();
    expect(api.callsTo(markAsVerified).map((call) => call.body.map((ref) => ref.key))).toEqual([
      [flagged.key, clean.key],
    ]);
  });
});
