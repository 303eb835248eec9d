import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getStory, markStoryOpen, type Colleague } from '#contract/content.ts';
import { saveTranslation } from '#contract/content-writes.ts';
import { renderStoryEditor, statusShown, storyApi, storyWith, textKey } from '../testing/story-editor-fixtures.tsx';
import { colleaguesSentence } from './editing-now.tsx';

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

  it('says who else has the story open, and tells the server this editor has', async () => {
    const ana = { user_id: '00000000-0000-4000-8000-00000000000a', name: 'Ana' };
    const ben = { user_id: '00000000-0000-4000-8000-00000000000b', name: 'Ben' };
    let answer!: (present: Colleague[]) => void;
    const answered = new Promise<Colleague[]>((resolve) => (answer = resolve));
    const keys = [textKey('missing')];
    const api = storyApi(keys)
      .on(getStory, () => storyWith(keys, { editing_now: [ben] }))
      .on(markStoryOpen, async () => ({ editing_now: await answered }));
    renderStoryEditor(api);

    // What the story said when it was read, until the editor's own word to the server is answered.
    expect(await screen.findByRole('status', { name: 'Ben has this story open' })).toBeVisible();
    await waitFor(() => expect(api.callsTo(markStoryOpen)).toHaveLength(1));
    answer([ana, ben]);
    expect(await screen.findByRole('status', { name: 'Ana and Ben have this story open' })).toBeVisible();
  });

  it('shows nobody when nobody else has the story open', async () => {
    renderStoryEditor(storyApi([textKey('missing')]));

    await screen.findByRole('heading', { name: 'Home page' });
    await waitFor(() => expect(screen.queryByText(/this story open/)).not.toBeInTheDocument());
  });

  it('names two colleagues and counts the rest', () => {
    const people = ['Ana', 'Ben', 'Chloé', 'Dev'].map((name, index) => ({ user_id: String(index), name }));
    expect(colleaguesSentence(people.slice(0, 1))).toBe('Ana has this story open');
    expect(colleaguesSentence(people.slice(0, 3))).toBe('Ana, Ben and 1 more have this story open');
    expect(colleaguesSentence(people)).toBe('Ana, Ben and 2 more have this story open');
  });
});
