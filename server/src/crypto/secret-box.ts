import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/** One AES-256 key of the ring, named so a stored value says which key sealed it. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** The first key seals; every key opens, so old values stay readable while a new key takes over. */
export interface KeyRing {
  current: SecretKey;
  keys: ReadonlyMap<string, Buffer>;
}

export const KEY_ID_PATTERN = /^[A-Za-z0-9_-]{1,32}$/;

/**
 * Reads `ENCRYPTION_KEYS`: `<id>:<base64 of 32 bytes>` entries separated by commas, the first one current.
 * Throws with a message that names the entry at fault and never echoes key material.
 */
export function parseKeyRing(value: string): KeyRing {
  const entries = value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  if (entries.length === 0) throw new Error('needs at least one key, as in v1:<base64 of 32 bytes>');
  const keys = new Map<string, Buffer>();
  const ordered: SecretKey[] = [];
  entries.forEach((entry, index) => {
    const separator = entry.indexOf(':');
    const id = separator === -1 ? '' : entry.slice(0, separator);
    if (!KEY_ID_PATTERN.test(id)) {
      throw new Error(`entry ${index + 1} needs a key id of letters, digits, "-" or "_" before ":"`);
    }
    const material = entry.slice(separator + 1);
    // Node's base64 decoder takes both alphabets; it skips stray characters, so they are refused first.
    const key = /^[A-Za-z0-9+/_-]+={0,2}$/.test(material) ? Buffer.from(material, 'base64') : Buffer.alloc(0);
    if (key.length !== 32) throw new Error(`key "${id}" must be 32 bytes written in base64`);
    if (keys.has(id)) throw new Error(`key id "${id}" appears twice`);
    keys.set(id, key);
    ordered.push({ id, key });
  });
  return { current: ordered[0]!, keys };
}

export class SecretBoxError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SecretBoxError';
  }
}

export interface SecretBox {
  /**
   * Encrypts with the current key. `context` is bound to the value (authenticated, not stored), so a
   * value copied into another row, another tenant or another kind of secret no longer opens.
   */
  seal(plaintext: string, context?: string): string;
  /** Decrypts a sealed value; throws SecretBoxError when it was tampered with, moved, or its key is gone. */
  open(sealed: string, context?: string): string;
  /** True when the value was sealed with an older key and should be sealed again. */
  isStale(sealed: string): boolean;
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** AES-256-GCM as `<key id>:<iv>:<tag>:<data>`, each part base64url. */
export function createSecretBox(ring: KeyRing): SecretBox {
  const aad = (keyId: string, context: string | undefined) => Buffer.from(`${keyId}|${context ?? ''}`, 'utf8');
  return {
    seal(plaintext, context) {
      const { id, key } = ring.current;
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(aad(id, context));
      const data = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url'));
      return [id, ...parts].join(':');
    },
    open(sealed, context) {
      const parts = sealed.split(':');
      if (parts.length !== 4) throw new SecretBoxError('not a sealed value');
      const [id, ivText, tagText, dataText] = parts as [string, string, string, string];
      const key = ring.keys.get(id);
      if (!key) throw new SecretBoxError(`sealed with key "${id}", which is not in ENCRYPTION_KEYS`);
      const iv = Buffer.from(ivText, 'base64url');
      const tag = Buffer.from(tagText, 'base64url');
      if (iv.length !== IV_BYTES || tag.length !== TAG_BYTES) throw new SecretBoxError('not a sealed value');
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
        decipher.setAAD(aad(id, context));
        decipher.setAuthTag(tag);
        return Buffer.concat([decipher.update(Buffer.from(dataText, 'base64url')), decipher.final()]).toString('utf8');
      } catch {
        throw new SecretBoxError('the sealed value was altered or belongs elsewhere');
      }
    },
    isStale(sealed) {
      return sealed.slice(0, sealed.indexOf(':')) !== ring.current.id;
    },
  };
}

/** A fresh key ring entry, as `ENCRYPTION_KEYS` takes it. */
export function generateKeyEntry(id = 'v1'): string {
  return `${id}:${randomBytes(32).toString('base64')}`;
}
