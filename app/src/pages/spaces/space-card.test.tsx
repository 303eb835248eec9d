import { screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { getSpacesTrend } from '#contract/progress.ts';
import { fakeApi } from '#kit/testing/fake-api.ts';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { spaceFixture } from '#kit/testing/space-fixture.ts';
import { SpaceCard } from './space-card.tsx';

const subscription = {
  id: 'sub_1',
  price: 49,
  next_billing_date: '2026-12-27T10:00:00.000Z',
  cancel_at_period_end: false,
};

const trends = () =>
  fakeApi().on(getSpacesTrend, () => ({
    spaces: [
      {
        space_id: 5,
        days: [
          { day: '2026-12-05', completion: 40 },
          { day: '2026-12-06', completion: 52.5 },
          { day: '2026-12-07', completion: 61 },
        ],
      },
    ],
  })).client;

describe('SpaceCard', () => {
  it('warns of a space whose payment failed, and says nothing of a paid one', async () => {
    renderWithKit(
      <MemoryRouter>
        <SpaceCard space={spaceFixture('viewer', { subscription: { ...subscription, status: 'past_due' } })} />
        <SpaceCard space={spaceFixture('viewer', { id: 5, subscription: { ...subscription, status: 'active' } })} />
      </MemoryRouter>,
      { api: trends() },
    );
    expect(screen.getAllByText('Payment failed')).toHaveLength(1);
    // The trend of the space that has one, said in words; none for the space without days.
    expect(await screen.findByRole('img', { name: /up 21 points over 3 days/ })).toBeVisible();
    expect(screen.getAllByRole('img', { name: /points over/ })).toHaveLength(1);
  });
});
