import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAssociatedKeys } from '#contract/content.ts';
import { revertTranslation } from '#contract/content-history.ts';
import { createHistoryFake } from '../testing/key-history-fake.ts';
import { renderStoryEditor, statusShown, storyApi, textKey } from '../testing/story-editor-fixtures.tsx';

const path = 'teaser › headline';
const row = () => screen.findByRole('group', { name: path });

/** A key imported, then changed by a colleague, then by an AI run, then verified by the colleague. */
function keyWithChanges() {
  const key = textKey('verified', { translation: 'Grüß Gott, Welt' });
  const history = createHistoryFake([]);
  history.record({ ...key, translated_key_value_text: 'Hallo Welt', status: 'unverified' }, 'import', null);
  history.record({ ...key, translated_key_value_text: 'Servus Welt', status: 'unverified' }, 'manual', 'Ben');
  history.record({ ...key, status: 'unverified' }, 'ai', null);
  history.record(key, 'manual', 'Ben');
  const api = storyApi([key], [], history).on(getAssociatedKeys, () => ({
    content_keys: [],
    metadata: { total: 0, page: 1, per_page: 10 },
  }));
  return { key, history, api };
}

async function openHistory(user: ReturnType<typeof renderStoryEditor>['user']) {
  await user.click(await screen.findByRole('button', { name: `Key details of ${path}` }));
  return screen.findByRole('list', { name: 'History' });
}

describe('the history of a key in its details', () => {
  it('lists every change newest first, with where it came from and who made it', async () => {
    const { api } = keyWithChanges();
    const { user } = renderStoryEditor(api);
    const entries = within(await openHistory(user)).getAllByRole('listitem');
    expect(entries.map((entry) => entry.textContent)).toEqual([
      expect.stringMatching(/^Edited.*Verified · Ben · .* · current.*Grüß Gott, Welt/),
      expect.stringMatching(/^AI.*Unverified · Polyblok · .*Grüß Gott, Welt/),
      expect.stringMatching(/^Edited.*Unverified · Ben · .*Servus Welt/),
      expect.stringMatching(/^Imported.*Unverified · Storyblok · .*Hallo Welt/),
    ]);
    expect(within(entries[0]!).queryByRole('button', { name: 'Revert' })).toBeNull();
  });

  it('reverts the key to an earlier change, which then heads the history', async () => {
    const { api, history, key } = keyWithChanges();
    const { user } = renderStoryEditor(api);
    const entries = within(await openHistory(user)).getAllByRole('listitem');
    await user.click(within(entries[3]!).getByRole('button', { name: 'Revert' }));

    await waitFor(() => expect(history.of(key.key)[0]).toMatchObject({ origin: 'revert', value_text: 'Hallo Welt' }));
    expect(api.callsTo(revertTranslation)[0]!.body).toEqual({ history_id: 1, base_updated_at: key.updated_at });
    const list = await screen.findByRole('list', { name: 'History' });
    await waitFor(() => expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent(/^Reverted.*Hallo Welt/));
    await user.keyboard('{Escape}');
    await waitFor(async () => expect(statusShown(await row())).toBe('Unverified'));
  });

  it('shows a viewer the history without anything to revert', async () => {
    const { api } = keyWithChanges();
    const { user } = renderStoryEditor(api, { role: 'viewer' });
    const list = await openHistory(user);
    expect(within(list).getAllByRole('listitem')).toHaveLength(4);
    expect(within(list).queryByRole('button', { name: 'Revert' })).toBeNull();
  });
});
