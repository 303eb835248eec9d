import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TrendLine } from './trend-line.tsx';

describe('TrendLine', () => {
  it('draws the values left to right, high values up, and says the change in words', () => {
    render(<TrendLine values={[20, 35, 60]} label="Completion of Shop" />);
    const line = screen.getByRole('img', { name: 'Completion of Shop: up 40 points over 3 days' });
    expect(line.querySelector('polyline')).toHaveAttribute('points', '0.0,16.0 32.0,13.0 64.0,8.0');
  });

  it('says a fall as one, and draws nothing from a single day', () => {
    const { container } = render(<TrendLine values={[50]} label="Completion of Shop" />);
    expect(container).toBeEmptyDOMElement();
    render(<TrendLine values={[50, 45]} label="Completion of Blog" />);
    expect(screen.getByRole('img', { name: 'Completion of Blog: down 5 points over 2 days' })).toBeVisible();
  });
});
