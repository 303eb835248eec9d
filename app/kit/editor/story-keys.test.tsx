import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStoryEditor, storyApi, textKey } from '../testing/story-editor-fixtures.tsx';

const tab = (name: string) => screen.findByRole('tab', { name: new RegExp(`^${name}`) });
const countOn = async (name: string) => within(await tab(name)).getByText(/^\d+$/).textContent;
const rowNames = () => screen.queryAllByRole('group').map((row) => row.getAttribute('aria-label'));

describe('the status tabs of a story', () => {
  it('count the keys of each status', async () => {
    renderStoryEditor(
      storyApi([
        textKey('missing', { field: 'title' }),
        textKey('unverified', { field: 'intro' }),
        textKey('verified', { field: 'body' }),
        textKey('verified', { field: 'footer' }),
      ]),
    );

    expect(await countOn('All')).toBe('4');
    expect(await countOn('Missing')).toBe('1');
    expect(await countOn('Unverified')).toBe('1');
    expect(await countOn('Completed')).toBe('2');
  });

  it('show only the keys of the chosen tab', async () => {
    const { user } = renderStoryEditor(
      storyApi([textKey('missing', { field: 'title' }), textKey('verified', { field: 'body' })]),
    );
    await screen.findByRole('group', { name: 'teaser › title' });
    expect(rowNames()).toEqual(['teaser › title', 'teaser › body']);

    await user.click(await tab('Completed'));

    expect(await tab('Completed')).toHaveAttribute('aria-selected', 'true');
    expect(rowNames()).toEqual(['teaser › body']);
  });

  it('say so when a tab has no key', async () => {
    const { user } = renderStoryEditor(storyApi([textKey('missing')]));

    await user.click(await tab('Completed'));

    expect(await screen.findByText('No keys to translate')).toBeVisible();
    expect(screen.getByText('No key is verified yet.')).toBeVisible();
  });

  it('move a key out of Missing once its translation is saved, and count it where it went', async () => {
    const { user } = renderStoryEditor(storyApi([textKey('missing')]));
    await user.click(await tab('Missing'));

    await user.type(await screen.findByRole('textbox', { name: 'Translation of teaser › headline' }), 'Hallo');
    expect(await screen.findByText('1 unsaved key')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Save' }));

    expect(await screen.findByText('Every key of this story has a translation in German.')).toBeVisible();
    await waitFor(async () => expect(await countOn('Missing')).toBe('0'));
    expect(await countOn('Completed')).toBe('1');
    expect(screen.queryByText('1 unsaved key')).not.toBeInTheDocument();
  });

  it('announce the keys the AI is translating', async () => {
    renderStoryEditor(
      storyApi([
        textKey('missing', {}, { has_translation_ask: true, status: 'translation_requested' }),
        textKey('missing', { field: 'subline' }),
      ]),
    );

    expect(await screen.findByRole('status')).toHaveTextContent(
      'AI is translating 1 key. This story refreshes every 5 seconds until it is done.',
    );
  });

  it('open at the key a link asks for, far down the story, and give it the focus', async () => {
    const keys = Array.from({ length: 40 }, (_, index) =>
      textKey(index % 2 ? 'verified' : 'missing', { field: `line${index}`, source: `Line ${index}` }),
    );
    renderStoryEditor(storyApi(keys), { openKeyId: keys[37]!.id });
    const wanted = await screen.findByRole('textbox', { name: 'Translation of teaser › line37' });
    await waitFor(() => expect(wanted).toHaveFocus());
    expect(screen.queryByRole('group', { name: 'teaser › line0' })).not.toBeInTheDocument();
  });
});
