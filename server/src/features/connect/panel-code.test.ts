import { describe, expect, it } from 'vitest';
import { createSecretBox, generateKeyEntry, parseKeyRing } from '../../crypto/secret-box.ts';
import { AppError } from '../../errors.ts';
import { challengeOf, openPanelCode, PANEL_CODE_LIFETIME_MS, sealPanelCode } from './panel-code.ts';

const box = createSecretBox(parseKeyRing(generateKeyEntry('k1')));
const verifier = 'v'.repeat(43);
const content = { refreshToken: 'r'.repeat(43), challenge: challengeOf(verifier), spaceId: 12 };
const now = 1_800_000_000_000;

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('panel sign-in code', () => {
  it('opens with its verifier within its minute, and hides what it carries', () => {
    const code = sealPanelCode(box, content, now);
    expect(code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(code).not.toContain(content.refreshToken);
    expect(Buffer.from(code, 'base64url').toString()).not.toContain(content.refreshToken);
    expect(openPanelCode(box, code, verifier, now + PANEL_CODE_LIFETIME_MS - 1)).toEqual(content);
  });

  it('refuses another verifier, a late code, a changed code and another key alike', () => {
    const code = sealPanelCode(box, content, now);
    const otherBox = createSecretBox(parseKeyRing(generateKeyEntry('k1')));
    const changed = `${code.slice(0, 20)}${code[20] === 'A' ? 'B' : 'A'}${code.slice(21)}`;
    for (const attempt of [
      () => openPanelCode(box, code, 'w'.repeat(43), now),
      () => openPanelCode(box, code, verifier, now + PANEL_CODE_LIFETIME_MS),
      () => openPanelCode(box, changed, verifier, now),
      () => openPanelCode(otherBox, code, verifier, now),
      () => openPanelCode(box, 'not a code', verifier, now),
    ]) {
      expect(refusal(attempt)).toMatchObject({ code: 'invalid_connect_code', status: 400 });
    }
  });

  it('computes the challenge as base64url SHA-256, like the panel', () => {
    // RFC 7636 appendix B: the example verifier and its S256 challenge.
    expect(challengeOf('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe(
      'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    );
  });
});
