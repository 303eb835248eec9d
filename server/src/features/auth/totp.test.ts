import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { matchTotp, newTotpSecret, totpQrSvg, totpUri } from './totp.ts';

const secret = newTotpSecret();
const t0 = 1_800_000_000_000; // a step boundary (1_800_000_000 / 30)
const codeAt = (ms: number) => generate({ secret, epoch: Math.floor(ms / 1000) });

describe('TOTP', () => {
  it('accepts the current step and one either side, nothing further', async () => {
    const step = t0 / 30_000;
    expect(await matchTotp({ secret, code: await codeAt(t0), nowMs: t0 + 5_000, afterStep: null })).toBe(step);
    expect(await matchTotp({ secret, code: await codeAt(t0 - 30_000), nowMs: t0, afterStep: null })).toBe(step - 1);
    expect(await matchTotp({ secret, code: await codeAt(t0 + 30_000), nowMs: t0, afterStep: null })).toBe(step + 1);
    expect(await matchTotp({ secret, code: await codeAt(t0 - 60_000), nowMs: t0, afterStep: null })).toBeNull();
    expect(await matchTotp({ secret, code: await codeAt(t0 + 60_000), nowMs: t0, afterStep: null })).toBeNull();
  });

  it('refuses a step at or before the last one accepted', async () => {
    const step = t0 / 30_000;
    const code = await codeAt(t0);
    expect(await matchTotp({ secret, code, nowMs: t0, afterStep: step })).toBeNull();
    expect(await matchTotp({ secret, code, nowMs: t0, afterStep: step - 1 })).toBe(step);
  });

  it.each(['12345', '1234567', '12 345', '١٢٣٤٥٦', 'abcdef', ''])('refuses the malformed code "%s"', async (code) => {
    expect(await matchTotp({ secret, code, nowMs: t0, afterStep: null })).toBeNull();
  });

  it('makes a URI and an SVG QR code that survive an unencoded data: URI', async () => {
    const uri = totpUri({ issuer: 'Polyblok', label: 'ada@example.com', secret });
    expect(uri).toMatch(/^otpauth:\/\/totp\/Polyblok:ada%40example\.com\?secret=[A-Z2-7]+/);
    const svg = await totpQrSvg(uri);
    expect(svg.startsWith('<svg')).toBe(true);
    expect(svg).not.toMatch(/[#%]/);
  });
});
