import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { spaceFixture } from '#kit/testing/space-fixture.ts';
import { SpaceCard } from './space-card.tsx';

const subscription = {
  id: 'sub_1',
  price: 49,
  next_billing_date: '2026-12-27T10:00:00.000Z',
  cancel_at_period_end: false,
};

describe('SpaceCard', () => {
  it('warns of a space whose payment failed, and says nothing of a paid one', () => {
    renderWithKit(
      <MemoryRouter>
        <SpaceCard space={spaceFixture('viewer', { subscription: { ...subscription, status: 'past_due' } })} />
        <SpaceCard space={spaceFixture('viewer', { id: 5, subscription: { ...subscription, status: 'active' } })} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('Payment failed')).toHaveLength(1);
  });
});
