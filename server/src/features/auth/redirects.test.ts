import { describe, expect, it } from 'vitest';
import { safeRedirect } from './redirects.ts';

const site = 'https://app.polyblok.com';

describe('safeRedirect', () => {
  it('keeps pages of the site, with their query, without a fragment', () => {
    expect(safeRedirect(site, 'https://app.polyblok.com/login', '/')).toBe('https://app.polyblok.com/login');
    expect(safeRedirect(site, 'https://app.polyblok.com/reset-password?x=1#old', '/')).toBe(
      'https://app.polyblok.com/reset-password?x=1',
    );
    expect(safeRedirect(site, '/login', '/')).toBe('https://app.polyblok.com/login');
  });

  it.each([
    'https://evil.example/login',
    '//evil.example/login',
    'https://app.polyblok.com.evil.example/',
    'https://user:pass@app.polyblok.com/',
    'http://app.polyblok.com/login',
    'javascript:alert(1)',
    '/\\evil.example',
    'https://app.polyblok.com:444/',
    undefined,
    '',
  ])('falls back to the site for %s', (requested) => {
    expect(safeRedirect(site, requested, '/login')).toBe('https://app.polyblok.com/login');
  });
});
