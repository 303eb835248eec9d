import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../testing/render-kit.tsx';
import { XliffImportSummary } from './xliff-import-summary.tsx';

describe('XliffImportSummary', () => {
  it('says how many translations were stored and lists each unit not applied with why', () => {
    renderWithKit(
      <XliffImportSummary
        localeName="German"
        result={{
          applied: 3,
          unchanged: 2,
          source_changed: 1,
          invalid: 1,
          unknown: 1,
          skipped: [
            {
              story_id: 7,
              story_name: 'Home',
              key: 'a:page:title',
              reason: 'source_changed',
              message: 'The source text changed.',
            },
            {
              story_id: 7,
              story_name: 'Home',
              key: 'b:teaser:text',
              reason: 'invalid',
              message: 'Block 1: marker <1>…</1> is missing.',
            },
            {
              story_id: 99,
              story_name: null,
              key: 'c:teaser:headline',
              reason: 'unknown',
              message: 'No key of this space has it.',
            },
          ],
        }}
      />,
    );

    expect(screen.getByText(/3 translations stored in German, unverified; 2 units changed nothing/)).toBeVisible();
    expect(screen.getByText('3 units not applied')).toBeVisible();
    const rows = within(screen.getByRole('list', { name: 'Units not applied' })).getAllByRole('listitem');
    expect(rows).toHaveLength(3);
    expect(within(rows[0]!).getByText('Source changed')).toBeVisible();
    expect(within(rows[0]!).getByText('Home · a:page:title')).toBeVisible();
    expect(within(rows[1]!).getByText('Block 1: marker <1>…</1> is missing.')).toBeVisible();
    expect(within(rows[2]!).getByText('Unknown key')).toBeVisible();
    expect(within(rows[2]!).getByText('Story 99 · c:teaser:headline')).toBeVisible();
  });

  it('lists nothing when every unit was applied or already there', () => {
    renderWithKit(
      <XliffImportSummary
        localeName="French"
        result={{ applied: 1, unchanged: 0, source_changed: 0, invalid: 0, unknown: 0, skipped: [] }}
      />,
    );

    expect(screen.getByText('1 translation stored in French, unverified.')).toBeVisible();
    expect(screen.queryByRole('list', { name: 'Units not applied' })).toBeNull();
  });
});
