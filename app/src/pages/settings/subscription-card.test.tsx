import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { startCheckout } from '#contract/billing.ts';
import type { SpaceSettings } from '#contract/space-settings.ts';
import type { Space } from '#contract/spaces.ts';
import { fail, fakeApi } from '#kit/testing/fake-api.ts';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { spaceFixture } from '#kit/testing/space-fixture.ts';
import { CurrentSpaceContext, currentSpaceOf } from '../../space/current-space.ts';
import { SubscriptionCard } from './subscription-card.tsx';

const PORTAL = 'http://polyblok.test/api/spaces/4/subscription/portal?ticket=abc';

const spaceWith = spaceFixture;

const active: NonNullable<Space['subscription']> = {
  id: 'sub_1',
  price: 49,
  next_billing_date: '2026-12-27T10:00:00.000Z',
  status: 'active',
  cancel_at_period_end: false,
};

function settingsWith(billing: boolean, dailyWords = 1000): SpaceSettings {
  return {
    write_back_mode: 'all',
    publish_requires: 'verified',
    storyblok_requests_per_second: null,
    auto_verify_min_score: null,
    write_back: { pending: 0, failed: 0, last_error: null, last_written_at: null, failed_stories: [] },
    sync_problems: { failed_stories: [], failed_story_count: 0, skipped_components: [] },
    ai_usage: { words_today: 120, words_reserved: 0, daily_words: dailyWords },
    billing_enabled: billing,
  };
}

function renderCard(space: Space, settings: SpaceSettings, api = fakeApi()) {
  renderWithKit(
    <CurrentSpaceContext.Provider value={currentSpaceOf(space)}>
      <SubscriptionCard settings={settings} />
    </CurrentSpaceContext.Provider>,
    { api: api.client },
  );
  return api;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('SubscriptionCard', () => {
  it('says the operator manages plans when billing is off, and offers no checkout', () => {
    renderCard(spaceWith('owner'), settingsWith(false, 5000));
    expect(screen.getByTestId('no-subscription')).toHaveTextContent(
      'Plans are managed by the operator of this Polyblok',
    );
    expect(screen.queryByRole('button', { name: 'Subscribe to the Entry Plan' })).toBeNull();
    expect(screen.getByTestId('ai-usage')).toHaveTextContent('120 of 5,000 words');
  });

  it('lets the owner subscribe: the browser goes to the checkout page', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign, pathname: '/spaces/4/settings', search: '' });
    const api = fakeApi().on(startCheckout, () => ({ url: 'https://checkout.stripe.test/cs_1' }));
    renderCard(spaceWith('owner'), settingsWith(true), api);
    expect(screen.getByText('No subscription')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to the Entry Plan' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('https://checkout.stripe.test/cs_1'));
    expect(api.callsTo(startCheckout)[0]!.params).toEqual({ id: 4 });
  });

  it('shows the server’s reason when the checkout cannot start', async () => {
    const api = fakeApi().on(startCheckout, () =>
      fail(503, 'billing_unavailable', 'Stripe could not start the checkout: No such price.'),
    );
    renderCard(spaceWith('owner'), settingsWith(true), api);
    fireEvent.click(screen.getByRole('button', { name: 'Subscribe to the Entry Plan' }));
    expect(await screen.findByText(/No such price/)).toBeInTheDocument();
  });

  it('tells a member below owner that only the owner subscribes', () => {
    renderCard(spaceWith('admin'), settingsWith(true));
    expect(screen.getByTestId('no-subscription')).toHaveTextContent('Only the space’s owner can subscribe');
    expect(screen.queryByRole('button', { name: 'Subscribe to the Entry Plan' })).toBeNull();
  });

  it('shows the active plan with its price and date, and the portal link coming back here', () => {
    vi.stubGlobal('location', { ...window.location, pathname: '/spaces/4/settings', search: '?x=1&checkout=success' });
    renderCard(spaceWith('owner', { subscription: active, billing_portal_url: PORTAL }), settingsWith(true));
    expect(screen.getByText('Active')).toBeInTheDocument();
    expect(screen.getByText('$49')).toBeInTheDocument();
    expect(screen.getByTestId('plan-date')).toHaveTextContent('Next billing date: ');
    expect(screen.getByTestId('plan-date')).toHaveTextContent('2026');
    const link = screen.getByRole('link', { name: 'Manage subscription' });
    const href = new URL(link.getAttribute('href')!);
    expect(href.searchParams.get('ticket')).toBe('abc');
    expect(href.searchParams.get('back_to')).toBe('/spaces/4/settings?x=1');
    expect(screen.queryByRole('button', { name: 'Subscribe to the Entry Plan' })).toBeNull();
  });

  it('waits for Stripe’s confirmation after a paid checkout instead of offering the checkout again', () => {
    vi.stubGlobal('location', { ...window.location, pathname: '/spaces/4/settings', search: '?checkout=success' });
    renderCard(spaceWith('owner'), settingsWith(true));
    expect(screen.getByTestId('checkout-confirming')).toHaveTextContent('waiting for Stripe to confirm');
    expect(screen.queryByRole('button', { name: 'Subscribe to the Entry Plan' })).toBeNull();
  });

  it('offers the checkout again after a cancellation, beside the portal with the invoices', () => {
    renderCard(spaceWith('owner', { billing_portal_url: PORTAL }), settingsWith(true));
    expect(screen.getByRole('link', { name: 'Manage subscription' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe to the Entry Plan' })).toBeInTheDocument();
  });

  it('says when a cancelled plan ends', () => {
    const ending = { ...active, cancel_at_period_end: true };
    renderCard(spaceWith('owner', { subscription: ending, billing_portal_url: PORTAL }), settingsWith(true));
    expect(screen.getByTestId('plan-date')).toHaveTextContent('Cancelled: the plan ends on');
  });

  it('warns of a failed payment', () => {
    const pastDue = { ...active, status: 'past_due' as const };
    renderCard(spaceWith('editor', { subscription: pastDue }), settingsWith(true, 250));
    expect(screen.getByText('Payment failed')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('The last payment failed');
    expect(screen.getByText('Only the space’s owner manages the subscription.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Manage subscription' })).toBeNull();
  });
});
