import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveTranslation } from '#contract/content-writes.ts';
import { renderStoryEditor, statusShown, storyApi, textKey } from '../testing/story-editor-fixtures.tsx';

const verifyOnSave = () => screen.findByRole('switch', { name: 'Verify on save' });

describe('the story header', () => {
  it('names the story and its publication', async () => {
    renderStoryEditor(storyApi([textKey('missing')]));

    expect(await screen.findByRole('heading', { name: 'Home page' })).toBeVisible();
    expect(screen.getByText('/en/home')).toBeVisible();
    expect(screen.getByText('Published')).toBeVisible();
  });

  it('saves translations unverified once Verify on save is off, and remembers the choice', async () => {
    const api = storyApi([textKey('missing')]);
    const first = renderStoryEditor(api);
    expect(await verifyOnSave()).toBeChecked();

    await first.user.click(await verifyOnSave());
    expect(await verifyOnSave()).not.toBeChecked();
    await first.user.type(screen.getByRole('textbox', { name: 'Translation of teaser › headline' }), 'Hallo');
    const row = screen.getByRole('group', { name: 'teaser › headline' });
    await first.user.click(within(row).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(statusShown(row)).toBe('Unverified'));
    expect(api.callsTo(saveTranslation).map((call) => call.body.reference_hash)).toEqual([null]);

    first.unmount();
    renderStoryEditor(api);
    expect(await verifyOnSave()).not.toBeChecked();
  });

  it('offers no Verify on save to a viewer', async () => {
    renderStoryEditor(storyApi([textKey('missing')]), { role: 'viewer' });

    await screen.findByRole('heading', { name: 'Home page' });
    expect(screen.queryByRole('switch', { name: 'Verify on save' })).not.toBeInTheDocument();
  });
});
