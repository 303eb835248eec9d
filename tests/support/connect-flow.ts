import { createHash, randomBytes } from 'node:crypto';

/** A verifier as the panel makes it (32 random bytes, base64url) and its challenge. */
export function panelVerifier(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * A browser window walking a redirect flow across hosts: it keeps each host's cookies (enough of RFC 6265 for
 * these flows: no domain or path matching, removal by Max-Age=0 or a past Expires) and stops where `stopAt`
 * says, without loading that page.
 */
export class RedirectWalker {
  private readonly jars = new Map<string, Map<string, string>>();
  readonly hops: URL[] = [];

  private readonly send: typeof fetch;

  constructor(send: typeof fetch) {
    this.send = send;
  }

  cookiesOf(origin: string): Map<string, string> {
    const jar = this.jars.get(origin) ?? new Map<string, string>();
    this.jars.set(origin, jar);
    return jar;
  }

  private keep(origin: string, response: Response): void {
    const jar = this.cookiesOf(origin);
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator);
      const value = pair.slice(separator + 1);
      const removed = attributes.some(
        (attribute) =>
          /^max-age=0$/i.test(attribute) ||
          (/^expires=/i.test(attribute) && Date.parse(attribute.slice(8)) < Date.now()),
      );
      if (removed || value === '""' || value === '') jar.delete(name);
      else jar.set(name, value);
    }
  }

  /** Follows redirects from `start` until a URL `stopAt` accepts (answered as the final URL). */
  async walk(start: string, stopAt: (url: URL) => boolean, maxHops = 12): Promise<URL> {
    let url = new URL(start);
    for (let hop = 0; hop < maxHops; hop += 1) {
      this.hops.push(url);
      if (stopAt(url)) return url;
      const cookie = [...this.cookiesOf(url.origin)].map(([name, value]) => `${name}=${value}`).join('; ');
      const response = await this.send(url, { headers: cookie ? { cookie } : {} });
      this.keep(url.origin, response);
      const location = response.headers.get('location');
      if (response.status < 300 || response.status >= 400 || !location) {
        throw new Error(`${url.href} answered ${response.status} instead of redirecting: ${await response.text()}`);
      }
      url = new URL(location, url);
    }
    throw new Error(`no end after ${maxHops} redirects: ${this.hops.map((u) => u.href).join(' -> ')}`);
  }
}
