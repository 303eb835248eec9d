import { describe, expect, it } from 'vitest';
import { billingPortalLink } from './billing-link.ts';

describe('billingPortalLink', () => {
  it('adds where to come back to, encoded', () => {
    expect(
      billingPortalLink('https://billing.example.com/p/session_1', 'https://app.polyblok.com/spaces/4/settings'),
    ).toBe('https://billing.example.com/p/session_1?back_to=https%3A%2F%2Fapp.polyblok.com%2Fspaces%2F4%2Fsettings');
  });

  it('keeps the portal’s own parameters and replaces an older back_to', () => {
    const link = new URL(
      billingPortalLink('https://billing.example.com/p?session=abc&back_to=old', 'https://x.test/a?b=1'),
    );
    expect(link.searchParams.get('session')).toBe('abc');
    expect(link.searchParams.getAll('back_to')).toEqual(['https://x.test/a?b=1']);
  });
});
