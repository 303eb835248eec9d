import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getPanelStory, type PanelStory } from '#contract/connect.ts';
import { getSyncStatus, type SyncStatus } from '#contract/space-connect.ts';
import { listGlossaryTerms } from '#contract/glossary.ts';
import { revertTranslation } from '#contract/content-history.ts';
import { createHistoryFake } from '#kit/testing/key-history-fake.ts';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { storyApi, textKey } from '#kit/testing/story-editor-fixtures.tsx';
import { StoryPanel } from './story-panel.tsx';

const space = { id: 7, name: 'Marketing site', storyblok_space_id: 4711 };
const context = { story: { id: 9001, name: 'Home page', fullSlug: 'home', spaceId: 4711 }, language: '' };

function panelStory(listed: boolean): PanelStory {
  return {
    space: {
      ...space,
      default_locale_name: 'English',
      preview_token: null,
      region: 'eu',
      cdn_url: 'https://cdn.test/v2/cdn',
    },
    role: 'translator',
    story: listed ? { id: 1, name: 'Home page', full_slug: 'home', key_count: 1, storyblok_updated_at: null } : null,
    locales: [{ id: 3, code: 'de', name: 'German', translated_count: 0, verified_count: 0 }],
  };
}

const syncing = (done: number): SyncStatus => ({
  sync_batch_id: '00000000-0000-4000-8000-000000000001',
  status: 'running',
  done,
  total: 40,
  synced_at: null,
  has_token_issue: false,
  error: null,
});

describe('the tool panel of a space still being imported', () => {
  it('shows the open story and its keys as soon as the sync has them, without a reload', async () => {
    let listed = false;
    const api = storyApi([textKey('missing')])
      .on(listGlossaryTerms, () => ({ terms: [] }))
      .on(getSyncStatus, () => syncing(listed ? 12 : 0))
      .on(getPanelStory, () => panelStory(listed));
    renderWithKit(<StoryPanel space={space} context={context} onSignOut={() => undefined} />, { api: api.client });

    expect(await screen.findByRole('status', { name: 'Importing the space from Storyblok' })).toBeVisible();
    await waitFor(() => expect(api.callsTo(getPanelStory).length).toBeGreaterThan(0));

    listed = true;
    expect(
      await screen.findByRole('textbox', { name: 'Translation of teaser › headline' }, { timeout: 8_000 }),
    ).toBeVisible();
  });
});

describe('the tool panel where a translator works', () => {
  it('undoes the last change of a key from its history, as the web app does', async () => {
    const key = textKey('unverified', { translation: 'Servus Welt' });
    const history = createHistoryFake([]);
    const imported = history.record({ ...key, translated_key_value_text: 'Hallo Welt' }, 'import', null);
    history.record(key, 'ai', null);
    const api = storyApi([key], [], history)
      .on(listGlossaryTerms, () => ({ terms: [] }))
      .on(getSyncStatus, (): SyncStatus => ({ ...syncing(40), status: 'completed' }))
      .on(getPanelStory, () => panelStory(true));
    const { user } = renderWithKit(<StoryPanel space={space} context={context} onSignOut={() => undefined} />, {
      api: api.client,
    });

    const translation = await screen.findByRole('textbox', { name: 'Translation of teaser › headline' });
    expect(translation).toHaveValue('Servus Welt');
    await user.click(screen.getByRole('button', { name: 'Undo last change' }));
    await waitFor(() => expect(translation).toHaveValue('Hallo Welt'));
    expect(api.callsTo(revertTranslation).map((call) => call.body.history_id)).toEqual([imported.id]);
  });
});
