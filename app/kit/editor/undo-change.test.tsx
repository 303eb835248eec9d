import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { revertTranslation } from '#contract/content-history.ts';
import { saveTranslation } from '#contract/content-writes.ts';
import { fail } from '../testing/fake-api.ts';
import { createHistoryFake } from '../testing/key-history-fake.ts';
import { renderStoryEditor, statusShown, storyApi, textKey, UPDATED_AT } from '../testing/story-editor-fixtures.tsx';

const path = 'teaser › headline';
const row = () => screen.findByRole('group', { name: path });
const target = async () => within(await row()).getByRole('textbox', { name: `Translation of ${path}` });
const undoButton = async () => within(await row()).queryByRole('button', { name: 'Undo last change' });

/** A key an AI run translated after its import, as the editor finds it on opening (or after a reload). */
function translatedByAi() {
  const key = textKey('unverified', { translation: 'Servus Welt' });
  const history = createHistoryFake([]);
  const imported = history.record({ ...key, translated_key_value_text: 'Hallo Welt' }, 'import', null);
  history.record(key, 'ai', 'Ana');
  return { key, history, imported };
}

describe('undoing the last change of a key, from the server’s history', () => {
  it('undoes a change made elsewhere (an AI run), in an editor opened after it', async () => {
    const { key, history, imported } = translatedByAi();
    const api = storyApi([key], [], history);
    const { user } = renderStoryEditor(api);

    await user.click((await undoButton())!);
    await waitFor(async () => expect(await target()).toHaveValue('Hallo Welt'));
    expect(api.callsTo(revertTranslation).at(-1)!.body).toEqual({
      history_id: imported.id,
      base_updated_at: UPDATED_AT,
    });
    expect(history.of(key.key)[0]).toMatchObject({ origin: 'revert', value_text: 'Hallo Welt' });
  });

  it('puts back a verified translation as it was, verified, after the translator’s own save', async () => {
    const api = storyApi([textKey('verified', { translation: 'Hallo Welt' })]);
    const { user } = renderStoryEditor(api);

    await user.clear(await target());
    await user.type(await target(), 'Servus Welt');
    await user.click(within(await row()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(saveTranslation)).toHaveLength(1));

    await user.click((await undoButton())!);
    await waitFor(async () => expect(await target()).toHaveValue('Hallo Welt'));
    expect(statusShown(await row())).toBe('Verified');
    // The entry before the newest: the translation as it was imported.
    expect(api.callsTo(revertTranslation).map((call) => call.body.history_id)).toEqual([1]);
  });

  it('removes a translation the key did not have before, and offers nothing while there is unsaved text', async () => {
    const api = storyApi([textKey('missing')]);
    const { user } = renderStoryEditor(api);
    expect(await undoButton()).toBeNull();

    await user.type(await target(), 'Hallo');
    await user.click(within(await row()).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await undoButton()).not.toBeNull());
    await user.type(await target(), '!');
    expect(await undoButton()).toBeNull();
    await user.click(within(await row()).getByRole('button', { name: 'Revert' }));

    await user.click((await undoButton())!);
    await waitFor(async () => expect(statusShown(await row())).toBe('Missing'));
    expect(api.callsTo(saveTranslation).at(-1)!.body.value).toBe('');
    expect(await target()).toHaveValue('');
  });

  it('undoes nothing when someone changed the key meanwhile, and says so', async () => {
    const { key, history } = translatedByAi();
    const api = storyApi([key], [], history).on(revertTranslation, () =>
      fail(409, 'translation_changed', 'Someone changed this translation since.'),
    );
    const { user } = renderStoryEditor(api);

    await user.click((await undoButton())!);
    expect(await screen.findByText('Nothing undone')).toBeInTheDocument();
    expect(await target()).toHaveValue('Servus Welt');
  });
});
