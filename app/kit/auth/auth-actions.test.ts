import { describe, expect, it } from 'vitest';
import { createAuthActions, MISSING_CREDENTIALS_MESSAGE, svgDataUrl, svgFromQrCode } from './auth-actions.ts';
import { createAuthClient } from './auth-client.ts';

describe('QR code data URLs', () => {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path fill="#000000" d="M0 0h1v1H0z"/></svg>';

  it('takes the SVG out of the unencoded data URL auth-js builds', () => {
    expect(svgFromQrCode(`data:image/svg+xml;utf-8,${svg}`)).toBe(svg);
    expect(svgFromQrCode(svg)).toBe(svg);
  });

  it('encodes it so a # in a colour does not end the URL', () => {
    const url = svgDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;charset=utf-8,')).toBe(true);
    expect(url).not.toContain('#');
    expect(decodeURIComponent(url.slice(url.indexOf(',') + 1))).toBe(svg);
  });
});

describe('signing in', () => {
  // Nothing listens there: a request would fail as a network error, not with the message below.
  const client = createAuthClient({
    url: 'http://127.0.0.1:9/auth/v1',
    storageKey: 'empty-form',
    detectSessionInUrl: false,
  });
  const actions = createAuthActions(client, 'http://localhost:3000');

  it('refuses an empty form with the specification’s message, without asking the server', async () => {
    await expect(actions.signIn('', '')).rejects.toThrow(MISSING_CREDENTIALS_MESSAGE);
    await expect(actions.signIn('someone@example.com', '')).rejects.toThrow(MISSING_CREDENTIALS_MESSAGE);
    await expect(actions.signIn('', 'a password')).rejects.toThrow(MISSING_CREDENTIALS_MESSAGE);
  });
});
