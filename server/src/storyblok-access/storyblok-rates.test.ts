import { describe, expect, it } from 'vitest';
import { rateOfPlan, rateOfTooManyRequests } from './storyblok-rates.ts';

describe('Storyblok rates', () => {
  it('gives Starter 3 requests a second and Growth and above 6, and nothing for a plan it does not know', () => {
    expect(rateOfPlan('starter', 0)).toBe(3);
    expect(rateOfPlan('Growth', 1)).toBe(6);
    expect(rateOfPlan('growth_plus', 2)).toBe(6);
    expect(rateOfPlan('premium', null)).toBe(6);
    expect(rateOfPlan('elite', 4)).toBe(6);
    expect(rateOfPlan(undefined, 0)).toBe(3);
    expect(rateOfPlan('custom_contract', 7)).toBeNull();
    expect(rateOfPlan(null, null)).toBeNull();
  });

  it("reads the limit a 429's body names", () => {
    expect(rateOfTooManyRequests('{"error":"Rate limit of 6 request per second reached. Retry later."}')).toBe(6);
    expect(rateOfTooManyRequests('{"error":"Rate limit of 3 requests per second reached."}')).toBe(3);
    expect(rateOfTooManyRequests('{"error":"Too Many Requests"}')).toBeNull();
    expect(rateOfTooManyRequests('')).toBeNull();
  });
});
