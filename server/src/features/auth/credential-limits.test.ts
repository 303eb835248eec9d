import { describe, expect, it } from 'vitest';
import { defaultAuthSettings } from './auth-settings.ts';
import { addressKey, pairRetryAt } from './credential-limits.ts';

describe('addressKey', () => {
  it('keeps IPv4 addresses, unwraps IPv4-mapped ones and counts IPv6 by /64', () => {
    expect(addressKey('203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(addressKey('2001:db8:0:1:aaaa:bbbb:cccc:dddd')).toBe('2001:db8:0:1::/64');
    expect(addressKey('2001:DB8::1')).toBe('2001:db8:0:0::/64');
    expect(addressKey('2001:db8:0:1::ff')).toBe(addressKey('2001:0db8:0000:0001:1:2:3:4'));
    expect(addressKey('::1')).toBe('0:0:0:0::/64');
    expect(addressKey('unknown')).toBe('unknown');
  });
});

describe('pairRetryAt', () => {
  const limits = defaultAuthSettings.credentialLimits;
  it('lets the free failures through, then doubles the wait up to the cap', () => {
    expect(pairRetryAt(limits, 4, 10_000)).toBe(0);
    const waits = [5, 6, 7, 8, 20, 1000].map((failures) => pairRetryAt(limits, failures, 10_000) - 10_000);
    expect(waits).toEqual([1000, 2000, 4000, 8000, 300_000, 300_000]);
  });
});
