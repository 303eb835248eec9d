import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/**
 * Where a hook may post. In production only to public addresses over https: a hook is a URL an admin types and
 * the server fetches, so a loopback or private address would let it reach what sits behind the firewall (server-
 * side request forgery). Outside production anything http(s) goes, for receivers on the developer's machine.
 */
export interface HookTargetPolicy {
  publicOnly: boolean;
}

const blocked = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 itself
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata services
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6');
}

/** Whether a literal IPv4 or IPv6 address is one a hook in production must not reach. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  // An IPv4 address written as IPv6 (::ffff:127.0.0.1) is checked as the IPv4 address it is.
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return blocked.check(mapped[1]!, 'ipv4');
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (hex) {
    const high = parseInt(hex[1]!, 16);
    const low = parseInt(hex[2]!, 16);
    return blocked.check(`${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`, 'ipv4');
  }
  return blocked.check(address, 'ipv6');
}

export type HookUrlCheck = { ok: true; url: URL } | { ok: false; reason: string };

/** The address's form: http(s) (https in production), no user name or password, a host. */
export function checkHookUrlForm(text: string, policy: HookTargetPolicy): HookUrlCheck {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'Enter a full address, such as https://example.com/hooks/polyblok.' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    return { ok: false, reason: 'The address must start with https:// (or http:// outside production).' };
  }
  if (policy.publicOnly && url.protocol !== 'https:') {
    return { ok: false, reason: 'The address must use https://: events carry your content and are signed.' };
  }
  if (url.username || url.password) {
    return { ok: false, reason: 'Leave the user name and password out of the address; deliveries are signed.' };
  }
  if (!url.hostname) return { ok: false, reason: 'The address needs a host name.' };
  return { ok: true, url };
}

/** The host name as an IP literal, when it is one ("[::1]" comes as "::1"). */
function ipLiteral(hostname: string): string | null {
  const bare = hostname.startsWith('[') && hostname.endsWith(']') ? hostname.slice(1, -1) : hostname;
  return isIP(bare) ? bare : null;
}

export type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;

export const resolveHost: Resolve = (hostname) => lookup(hostname, { all: true, verbatim: true });

/**
 * The addresses a delivery may connect to for this host: every address the name resolves to, in production only
 * when none of them is private (a name with one public and one private address could be made to use either).
 * Throws with a message a person can act on.
 */
export async function allowedAddresses(
  hostname: string,
  policy: HookTargetPolicy,
  resolve: Resolve = resolveHost,
): Promise<Array<{ address: string; family: number }>> {
  const literal = ipLiteral(hostname);
  const addresses = literal ? [{ address: literal, family: isIP(literal) }] : await resolve(hostname);
  if (addresses.length === 0) throw new HookAddressError(`${hostname} does not resolve to any address.`);
  if (policy.publicOnly && addresses.some(({ address }) => isPrivateAddress(address))) {
    throw new HookAddressError(
      `${hostname} leads to a loopback, private or link-local address, which hooks may not reach.`,
    );
  }
  return addresses;
}

export class HookAddressError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'HookAddressError';
  }
}

/** The whole check at registration: the form, then (in production) where the name leads today. */
export async function checkHookUrl(
  text: string,
  policy: HookTargetPolicy,
  resolve: Resolve = resolveHost,
): Promise<HookUrlCheck> {
  const form = checkHookUrlForm(text, policy);
  if (!form.ok || !policy.publicOnly) return form;
  try {
    await allowedAddresses(form.url.hostname, policy, resolve);
    return form;
  } catch (error) {
    if (error instanceof HookAddressError) return { ok: false, reason: error.message };
    return { ok: false, reason: `${form.url.hostname} could not be resolved; check the address.` };
  }
}

/** Production posts only to public addresses; development and tests reach receivers on loopback. */
export function hookTargetsFor(env: { NODE_ENV: 'development' | 'production' | 'test' }): HookTargetPolicy {
  return { publicOnly: env.NODE_ENV === 'production' };
}
