import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveTranslation } from '#contract/content-writes.ts';
import { renderStoryEditor, statusShown, storyApi, textKey, UPDATED_AT } from '../testing/story-editor-fixtures.tsx';

const path = 'teaser › headline';
const row = () => screen.findByRole('group', { name: path });
const target = async () => within(await row()).getByRole('textbox', { name: `Translation of ${path}` });
const undoButton = async () => within(await row()).queryByRole('button', { name: 'Undo last save' });

describe('undoing the last save of a key', () => {
  it('puts back a verified translation as it was, verified, and is then gone', async () => {
    const api = storyApi([textKey('verified', { translation: 'Hallo Welt' })]);
    const { user } = renderStoryEditor(api);
    expect(await undoButton()).toBeNull();

    await user.clear(await target());
    await user.type(await target(), 'Servus Welt');
    await user.click(within(await row()).getByRole('button', { name: 'Save' }));
    await waitFor(async () => expect(await undoButton()).not.toBeNull());

    await user.click((await undoButton())!);
    await waitFor(async () => expect(await target()).toHaveValue('Hallo Welt'));
    const undone = api.callsTo(saveTranslation).at(-1)!.body;
    expect(undone).toMatchObject({ value: 'Hallo Welt', base_updated_at: UPDATED_AT });
    expect(undone.reference_hash).not.toBeNull();
    expect(statusShown(await row())).toBe('Verified');
    expect(await undoButton()).toBeNull();
  });

  it('removes a translation the key did not have before, and offers nothing while there is unsaved text', async () => {
    const api = storyApi([textKey('missing')]);
    const { user } = renderStoryEditor(api);

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
});
