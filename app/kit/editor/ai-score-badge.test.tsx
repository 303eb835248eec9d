import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderStoryEditor, storyApi, textKey } from '../testing/story-editor-fixtures.tsx';

const rating = (adequacy: number, fluency: number) => ({
  code: 'model_rating',
  message: `The AI rated adequacy ${adequacy} and fluency ${fluency} of 100.`,
});

describe('the AI score of a key’s translation', () => {
  it('shows as a badge coloured by how much it needs a person, with its reasons on hover', async () => {
    const key = textKey(
      'unverified',
      { component: 'teaser', field: 'headline' },
      {
        ai_score: 45,
        ai_score_reasons: [
          rating(75, 70),
          { code: 'formality_breach', message: 'The style guide asks to address the reader formally. (-20)' },
        ],
      },
    );
    const good = textKey(
      'unverified',
      { component: 'teaser', field: 'text' },
      {
        ai_score: 91,
        ai_score_reasons: [rating(91, 95)],
      },
    );
    const typed = textKey('unverified', { component: 'teaser', field: 'title' });
    const { user } = renderStoryEditor(storyApi([key, good, typed]));

    const row = await screen.findByRole('group', { name: 'teaser › headline' });
    const badge = within(row).getByTestId('ai-score-badge');
    expect(badge).toHaveTextContent('AI 45');
    expect(badge).toHaveAttribute('data-band', 'poor');
    expect(badge).toHaveAccessibleName('AI score 45 of 100, likely poor');
    await user.hover(badge);
    await waitFor(() =>
      expect(screen.getByText('The style guide asks to address the reader formally. (-20)')).toBeVisible(),
    );
    expect(screen.getByText('The AI rated adequacy 75 and fluency 70 of 100.')).toBeVisible();

    const goodBadge = within(screen.getByRole('group', { name: 'teaser › text' })).getByTestId('ai-score-badge');
    expect(goodBadge).toHaveAttribute('data-band', 'good');
    expect(
      within(screen.getByRole('group', { name: 'teaser › title' })).queryByTestId('ai-score-badge'),
    ).not.toBeInTheDocument();
  });

  it('says so when the AI translated but could not score it', async () => {
    const key = textKey(
      'unverified',
      {},
      {
        ai_score: null,
        ai_score_reasons: [{ code: 'not_scored', message: 'The AI could not score this translation: busy.' }],
      },
    );
    renderStoryEditor(storyApi([key]));
    const badge = within(await screen.findByRole('group', { name: 'teaser › headline' })).getByTestId('ai-score-badge');
    expect(badge).toHaveTextContent('AI ?');
    expect(badge).toHaveAttribute('data-band', 'none');
  });
});

describe('the review queue', () => {
  it('lists the unverified AI-scored keys only, the lowest score first', async () => {
    const keys = [
      textKey('unverified', { component: 'a', field: 'one' }, { ai_score: 82, ai_score_reasons: [rating(82, 90)] }),
      textKey('verified', { component: 'a', field: 'two' }, { ai_score: 20, ai_score_reasons: [rating(20, 90)] }),
      textKey('unverified', { component: 'a', field: 'three' }, { ai_score: 31, ai_score_reasons: [rating(31, 90)] }),
      textKey('unverified', { component: 'a', field: 'four' }),
      textKey('missing', { component: 'a', field: 'five' }),
      textKey('unverified', { component: 'a', field: 'six' }, { ai_score: 64, ai_score_reasons: [rating(64, 90)] }),
    ];
    const { user } = renderStoryEditor(storyApi(keys));
    await screen.findByRole('group', { name: 'a › one' });

    const tab = screen.getByRole('tab', { name: /Review queue/ });
    expect(within(tab).getByText('3')).toBeVisible();
    await user.click(tab);
    await waitFor(() => expect(screen.queryByRole('group', { name: 'a › two' })).not.toBeInTheDocument());
    const order = screen
      .getAllByRole('group')
      .map((group) => group.getAttribute('aria-label'))
      .filter((name) => name?.startsWith('a › '));
    expect(order).toEqual(['a › three', 'a › six', 'a › one']);
  });
});
