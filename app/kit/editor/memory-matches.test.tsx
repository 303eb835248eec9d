import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { saveTranslation } from '#contract/content-writes.ts';
import { renderStoryEditor, storyApi, textKey } from '../testing/story-editor-fixtures.tsx';

const path = 'teaser › headline';
const row = () => screen.findByRole('group', { name: path });
const target = async () => within(await row()).getByRole('textbox', { name: `Translation of ${path}` });
const memory = async () => within(await row()).queryByRole('region', { name: 'Translation memory' });

const withMatches = () =>
  textKey(
    'missing',
    { source: 'Read more' },
    {
      tm_matches: [
        {
          source_text: 'Read more',
          translation_text: 'Mehr lesen',
          translation_value: 'Mehr lesen',
          similarity: 100,
          story_id: 8,
        },
        {
          source_text: 'Read more here',
          translation_text: 'Hier mehr lesen',
          translation_value: 'Hier mehr lesen',
          similarity: 81,
          story_id: 9,
        },
      ],
    },
  );

describe('translation memory in the editor', () => {
  it('lists the matches best first with their percentage, and the alike source', async () => {
    renderStoryEditor(storyApi([withMatches()]));
    const matches = within((await memory())!).getAllByTestId('memory-match');
    expect(matches.map((match) => match.getAttribute('aria-label'))).toEqual([
      '100 % match: Mehr lesen',
      '81 % match: Hier mehr lesen',
    ]);
    expect(within(matches[1]!).getByText('Source: Read more here')).toBeVisible();
    expect(within(matches[0]!).queryByText(/^Source:/)).toBeNull();
  });

  it('applies a match with a click and saves it as coming from the memory', async () => {
    const api = storyApi([withMatches()]);
    const { user } = renderStoryEditor(api);
    await user.click(within((await memory())!).getByRole('button', { name: 'Use the 100 % match' }));
    expect(await target()).toHaveValue('Mehr lesen');
    await user.click(within(await row()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(saveTranslation)).toHaveLength(1));
    expect(api.callsTo(saveTranslation)[0]!.body).toMatchObject({ value: 'Mehr lesen', origin: 'memory' });
  });

  it('saves an edited match as the translator’s own, and hides the memory over typed text', async () => {
    const api = storyApi([withMatches()]);
    const { user } = renderStoryEditor(api);
    await user.click(within((await memory())!).getByRole('button', { name: 'Use the 81 % match' }));
    expect(await memory()).not.toBeNull();
    await user.type(await target(), '!');
    expect(await memory()).toBeNull();
    await user.click(within(await row()).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(api.callsTo(saveTranslation)).toHaveLength(1));
    expect(api.callsTo(saveTranslation)[0]!.body.value).toBe('Hier mehr lesen!');
    expect(api.callsTo(saveTranslation)[0]!.body.origin).toBeUndefined();
  });

  it('offers nothing to a viewer', async () => {
    renderStoryEditor(storyApi([withMatches()]), { role: 'viewer' });
    await row();
    expect(await memory()).toBeNull();
  });
});
