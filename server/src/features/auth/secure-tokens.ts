import { createHash, createHmac, randomBytes, randomInt } from 'node:crypto';

/** 256 random bits, base64url: refresh tokens and e-mail link tokens. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Long random tokens are stored as a plain SHA-256: there is nothing to guess, so no key is needed. */
export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex');
}

/** Short codes are stored keyed, so a copy of the table does not give them away by trying all of them. */
export function keyedHash(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('hex');
}

/** The token that replaces `token` on rotation; only the server can compute it, and the same one every time. */
export function childToken(key: Buffer, token: string): string {
  return createHmac('sha256', key).update(`refresh:${token}`).digest('base64url');
}

export function sixDigitCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}
