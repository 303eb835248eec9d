import { describe, expect, it } from 'vitest';
import { allowedAddresses, checkHookUrl, hookTargetsFor, isPrivateAddress, type Resolve } from './hook-address.ts';

const production = { publicOnly: true };
const development = { publicOnly: false };
const resolvesTo =
  (...addresses: string[]): Resolve =>
  () =>
    Promise.resolve(addresses.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));

describe('private addresses', () => {
  it.each([
    '127.0.0.1',
    '127.255.0.9',
    '10.1.2.3',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '100.127.255.255',
    '0.0.0.0',
    '255.255.255.255',
    '224.0.0.1',
    '::',
    '::1',
    'fc00::1',
    'fd12:3456::1',
    'fe80::1',
    '::ffff:127.0.0.1',
    '::ffff:7f00:1',
    '::ffff:a9fe:a9fe',
    '64:ff9b::7f00:1',
    'not-an-address',
  ])('%s is refused', (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each(['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8'])(
    '%s is public',
    (address) => {
      expect(isPrivateAddress(address)).toBe(false);
    },
  );
});

describe('hook addresses', () => {
  it('in production, refuses loopback, private and link-local hosts, and plain http', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://[::1]/hook',
      'https://10.0.0.5/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::ffff:127.0.0.1]/hook',
      'http://hooks.example.com/hook',
    ]) {
      expect(await checkHookUrl(url, production, resolvesTo('93.184.216.34'))).toMatchObject({ ok: false });
    }
  });

  it('in production, refuses a name that resolves to a private address, even beside a public one', async () => {
    expect(await checkHookUrl('https://localhost/hook', production, resolvesTo('127.0.0.1'))).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/loopback, private or link-local/),
    });
    expect(
      await checkHookUrl('https://hooks.example.com/', production, resolvesTo('93.184.216.34', '10.0.0.1')),
    ).toMatchObject({ ok: false });
    await expect(allowedAddresses('hooks.example.com', production, resolvesTo('192.168.0.2'))).rejects.toThrow(
      /may not reach/,
    );
  });

  it('in production, takes a public https address', async () => {
    const check = await checkHookUrl('https://hooks.example.com/polyblok', production, resolvesTo('93.184.216.34'));
    expect(check).toMatchObject({ ok: true });
  });

  it('outside production, takes loopback receivers over http, never another scheme or credentials', async () => {
    expect(await checkHookUrl('http://127.0.0.1:4800/hook', development)).toMatchObject({ ok: true });
    expect(await checkHookUrl('http://localhost:4800/hook', development)).toMatchObject({ ok: true });
    for (const url of ['ftp://127.0.0.1/', 'javascript:alert(1)', 'http://user:secret@127.0.0.1/', 'hooks']) {
      expect(await checkHookUrl(url, development)).toMatchObject({ ok: false });
    }
  });

  it('is public-only exactly in production', () => {
    expect(hookTargetsFor({ NODE_ENV: 'production' })).toEqual({ publicOnly: true });
    expect(hookTargetsFor({ NODE_ENV: 'development' })).toEqual({ publicOnly: false });
    expect(hookTargetsFor({ NODE_ENV: 'test' })).toEqual({ publicOnly: false });
  });
});
