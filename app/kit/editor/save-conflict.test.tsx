import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStory } from '#contract/content.ts';
import { saveTranslation } from '#contract/content-writes.ts';
import { fail } from '../testing/fake-api.ts';
import {
  renderStoryEditor,
  statusShown,
  storyApi,
  storyWith,
  textKey,
  UPDATED_AT,
} from '../testing/story-editor-fixtures.tsx';

const path = 'teaser › headline';
const row = () => screen.findByRole('group', { name: path });
const target = async () => within(await row()).getByRole('textbox', { name: `Translation of ${path}` });
const THEIRS_AT = '2026-05-04T10:05:00.000Z';

/** A story whose key a colleague (Maria) saves while the translator types; the server refuses a stale save. */
function colleagueSavesMeanwhile() {
  const key = textKey('unverified', { translation: 'Hallo Welt' });
  const theirs = { ...key, translated_key_value: 'Hallo, Welt!', translated_key_value_text: 'Hallo, Welt!' };
  let story = storyWith([key]);
  const api = storyApi([key])
    .on(getStory, () => story)
    .on(saveTranslation, ({ body }) => {
      if (body.base_updated_at !== THEIRS_AT) {
        story = storyWith([{ ...theirs, updated_at: THEIRS_AT }]);
        return fail(409, 'translation_changed', 'Maria changed this translation since you started editing it.', {
          value: 'Hallo, Welt!',
          value_text: 'Hallo, Welt!',
          updated_at: THEIRS_AT,
          updated_by: { id: '4c5a8f57-0c1e-4a56-9d2f-2f8e8f0e4b11', name: 'Maria', email: 'maria@example.com' },
        });
      }
      const text = body.value as string;
      story = storyWith([
        { ...key, translated_key_value: text, translated_key_value_text: text, updated_at: THEIRS_AT },
      ]);
      return story.translatable_keys[0]!;
    });
  return { key, api };
}

describe('a save that a colleague overtook', () => {
  it('shows who changed the key and both texts, and keeps the translator’s text when asked', async () => {
    const { api } = colleagueSavesMeanwhile();
    const { user } = renderStoryEditor(api);

    await user.clear(await target());
    await user.type(await target(), 'Servus Welt');
    await user.click(within(await row()).getByRole('button', { name: 'Save' }));

    const conflict = within(await screen.findByRole('alert'));
    expect(conflict.getByText(/^Maria changed this translation/)).toBeVisible();
    expect(conflict.getByText('Hallo, Welt!')).toBeVisible();
    expect(conflict.getByText('Servus Welt')).toBeVisible();
    // Nothing is lost while the translator decides: their text is still in the editor.
    expect(await target()).toHaveValue('Servus Welt');
    expect(screen.queryByText('Translation not saved')).not.toBeInTheDocument();

    await user.click(conflict.getByRole('button', { name: 'Keep mine' }));

    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
    expect(await target()).toHaveValue('Servus Welt');
    expect(api.callsTo(saveTranslation).map(({ body }) => [body.value, body.base_updated_at])).toEqual([
      ['Servus Welt', UPDATED_AT],
      ['Servus Welt', THEIRS_AT],
    ]);
  });

  it('takes the colleague’s text instead, dropping the translator’s draft only then', async () => {
    const { api } = colleagueSavesMeanwhile();
    const { user } = renderStoryEditor(api);

    await user.type(await target(), '?');
    await user.click(within(await row()).getByRole('button', { name: 'Save' }));
    const conflict = within(await screen.findByRole('alert'));
    expect(await target()).toHaveValue('Hallo Welt?');

    await user.click(conflict.getByRole('button', { name: 'Take theirs' }));

    await waitFor(async () => expect(await target()).toHaveValue('Hallo, Welt!'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(within(await row()).queryByText('Unsaved')).not.toBeInTheDocument();
    expect(statusShown(await row())).toBe('Unverified');
    expect(api.callsTo(saveTranslation)).toHaveLength(1);
  });
});
