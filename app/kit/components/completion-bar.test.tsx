import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../testing/render-kit.tsx';
import { CompletionBar } from './completion-bar.tsx';

describe('CompletionBar', () => {
  it('shows the percent done, on a bar named for assistive technology', () => {
    renderWithKit(<CompletionBar value={42} label="Completion of German" />);

    const bar = screen.getByRole('progressbar', { name: 'Completion of German' });
    expect(bar).toHaveAttribute('aria-valuenow', '42');
    expect(screen.getByText('42%')).toBeVisible();
  });

  it('shows a finished language as 100%', () => {
    renderWithKit(<CompletionBar value={100} label="Completion of French" />);

    expect(screen.getByRole('progressbar', { name: 'Completion of French' })).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByText('100%')).toBeVisible();
  });
});
