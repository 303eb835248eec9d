import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStoryEditor, storyApi, textKey } from '../testing/story-editor-fixtures.tsx';

const row = () => screen.findByRole('group', { name: 'teaser › headline' });

describe('the checks of a translation in a key row', () => {
  it('show how many findings there are, and each in a sentence', async () => {
    const key = textKey(
      'unverified',
      { source: 'Hello {name}, 3 items', translation: 'Hallo, 4 Artikel' },
      {
        qa: [
          { code: 'placeholder_missing', message: 'The translation lacks the placeholder “{name}”.' },
          { code: 'number_mismatch', message: 'The translation lacks the number “3” of the source.' },
        ],
      },
    );
    const { user } = renderStoryEditor(storyApi([key]));

    await user.hover(within(await row()).getByText('Checks 2'));
    expect(await screen.findByText('Worth a second look')).toBeVisible();
    await waitFor(() => expect(screen.getByText('The translation lacks the placeholder “{name}”.')).toBeVisible());
    expect(screen.getByText('The translation lacks the number “3” of the source.')).toBeVisible();
  });

  it('leave glossary findings to the glossary badge, and show nothing when all is well', async () => {
    const flagged = textKey(
      'unverified',
      { source: 'Your cart', translation: 'Ihr Einkaufswagen' },
      {
        glossary_issues: [{ term: 'cart', expected: 'Warenkorb' }],
        qa: [{ code: 'glossary_term_missing', message: '“cart” should be translated as “Warenkorb”.' }],
      },
    );
    renderStoryEditor(storyApi([flagged]));
    expect(within(await row()).getByText('Glossary 1')).toBeVisible();
    expect(within(await row()).queryByTestId('qa-badge')).not.toBeInTheDocument();
  });
});
