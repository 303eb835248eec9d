import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { glossaryTerm, renderStoryEditor, storyApi, textKey } from '../testing/story-editor-fixtures.tsx';

describe('glossary hints in a key row', () => {
  it('highlight the terms in the source and flag the ones the translation misses', async () => {
    const key = textKey(
      'unverified',
      { source: 'Your cart is empty', translation: 'Ihr Einkaufswagen ist leer' },
      { glossary_issues: [{ term: 'cart', expected: 'Warenkorb' }] },
    );
    const { user } = renderStoryEditor(storyApi([key], [glossaryTerm('cart', 'Warenkorb')]));

    const row = await screen.findByRole('group', { name: 'teaser › headline' });
    expect(await within(row).findByText('cart', { selector: 'mark' })).toBeVisible();
    const flag = within(row).getByText('Glossary 1');
    await user.hover(flag);

    expect(await screen.findByText('Glossary terms not followed')).toBeVisible();
    await waitFor(() => expect(screen.getByText('“cart” should be translated as “Warenkorb”.')).toBeVisible());
  });

  it('raise no flag when the translation follows the glossary', async () => {
    const key = textKey('verified', { source: 'Your cart is empty', translation: 'Ihr Warenkorb ist leer' });
    renderStoryEditor(storyApi([key], [glossaryTerm('cart', 'Warenkorb')]));

    const row = await screen.findByRole('group', { name: 'teaser › headline' });
    expect(await within(row).findByText('cart', { selector: 'mark' })).toBeVisible();
    expect(within(row).queryByText(/^Glossary \d+$/)).not.toBeInTheDocument();
  });
});
