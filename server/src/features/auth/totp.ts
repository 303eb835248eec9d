import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';

/** RFC 6238 as authenticator apps expect it: SHA-1, 6 digits, 30-second steps. */
export const TOTP_PERIOD_SECONDS = 30;

/** 160 random bits, base32 (otplib's default length). */
export function newTotpSecret(): string {
  return generateSecret();
}

export function totpUri(options: { issuer: string; label: string; secret: string }): string {
  return generateURI({ ...options, period: TOTP_PERIOD_SECONDS, digits: 6, algorithm: 'sha1' });
}

/**
 * The QR code as raw SVG, which auth-js turns into `data:image/svg+xml;utf-8,<svg…>` itself. That URI is not
 * percent-encoded, so the SVG must hold no "#" (it would end the URI there): colours are named instead.
 */
export async function totpQrSvg(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' });
  return svg
    .trim()
    .replace(/#ffffff/gi, 'white')
    .replace(/#000000/gi, 'black');
}

/**
 * The time step a code belongs to (now or one step either side), or null. A step at or before `afterStep`
 * (the factor's last accepted one) is refused: each code works once.
 */
export async function matchTotp(options: {
  secret: string;
  code: string;
  nowMs: number;
  afterStep: number | null;
}): Promise<number | null> {
  if (!/^\d{6}$/.test(options.code)) return null;
  const result = await verify({
    secret: options.secret,
    token: options.code,
    epoch: Math.floor(options.nowMs / 1000),
    period: TOTP_PERIOD_SECONDS,
    epochTolerance: TOTP_PERIOD_SECONDS,
    ...(options.afterStep !== null ? { afterTimeStep: options.afterStep } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
