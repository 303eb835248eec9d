import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../testing/render-kit.tsx';
import { StoryImportNotice } from './story-import-notice.tsx';

describe('the notice of what a sync could not import', () => {
  it('says why the story failed to import, and when it was last tried', () => {
    renderWithKit(
      <StoryImportNotice
        story={{
          import_problem: { reason: 'The database refused part of its content.', at: '2026-11-27T09:30:00.000Z' },
          skipped_components: [],
          importing: false,
        }}
      />,
    );

    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('This story could not be imported from Storyblok');
    expect(alert).toHaveTextContent('The database refused part of its content.');
    expect(alert).toHaveTextContent('Last tried Nov 27, 2026');
  });

  it('names the components whose text is not shown', () => {
    renderWithKit(
      <StoryImportNotice
        story={{ import_problem: null, skipped_components: ['old_hero', 'promo'], importing: false }}
      />,
    );

    expect(screen.getByRole('status')).toHaveTextContent('Some content is not shown');
    expect(
      screen.getByText(/uses the components “old_hero”, “promo”, which the space’s component schemas/),
    ).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says the story is still being imported while the sync has not read it', () => {
    renderWithKit(<StoryImportNotice story={{ import_problem: null, skipped_components: [], importing: true }} />);

    expect(screen.getByRole('status')).toHaveTextContent('Importing…');
    expect(screen.getByText(/Its keys appear here as soon as it is in/)).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows nothing for a story that is wholly in', () => {
    renderWithKit(<StoryImportNotice story={{ import_problem: null, skipped_components: [], importing: false }} />);

    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });
});
