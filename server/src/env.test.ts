import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { envVariableNames, EnvError, loadEnv } from './env.ts';
import { projectRoot } from './paths.ts';

describe('loadEnv', () => {
  it('gives working defaults for an empty environment', () => {
    const env = loadEnv({});
    expect(env).toMatchObject({
      NODE_ENV: 'development',
      PORT: 3000,
      DATABASE_URL: { kind: 'pglite', dataDir: 'data/pglite' },
      LOG_LEVEL: 'info',
      STORYBLOK_APP_ORIGINS: ['https://app.storyblok.com'],
      SHUTDOWN_TIMEOUT_SECONDS: 25,
    });
    expect(env.HOST).toBeUndefined();
    expect(env).toMatchObject({
      SITE_URL: 'http://localhost:3000',
      MAIL_FROM: 'Polyblok <no-reply@localhost>',
      MAIL_DIR: 'data/mail',
      TRUST_PROXY: false,
    });
    expect(env.JWT_SECRET).toBeUndefined();
    expect(env.ENCRYPTION_KEYS).toBeUndefined();
    expect(env.SMTP_URL).toBeUndefined();
  });

  it('derives SITE_URL from PORT and keeps only the origin of an explicit one', () => {
    expect(loadEnv({ PORT: '4100' }).SITE_URL).toBe('http://localhost:4100');
    expect(loadEnv({ SITE_URL: 'https://app.polyblok.com/some/path' }).SITE_URL).toBe('https://app.polyblok.com');
  });

  it('refuses to start in production without explicit secrets', () => {
    expect(() => loadEnv({ NODE_ENV: 'production' })).toThrow(
      /JWT_SECRET: must be set in production[\s\S]*ENCRYPTION_KEYS: must be set in production/,
    );
    const env = loadEnv({
      NODE_ENV: 'production',
      JWT_SECRET: 's'.repeat(32),
      ENCRYPTION_KEYS: `v2:${Buffer.alloc(32, 2).toString('base64')},v1:${Buffer.alloc(32, 1).toString('base64')}`,
    });
    expect(env.ENCRYPTION_KEYS?.current.id).toBe('v2');
    expect([...env.ENCRYPTION_KEYS!.keys.keys()]).toEqual(['v2', 'v1']);
  });

  it('runs as one process unless told, and splits into web and worker only on PostgreSQL', () => {
    expect(loadEnv({}).POLYBLOK_ROLE).toBe('all');
    const postgres = { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/polyblok' };
    expect(loadEnv({ ...postgres, POLYBLOK_ROLE: 'web' }).POLYBLOK_ROLE).toBe('web');
    expect(loadEnv({ ...postgres, POLYBLOK_ROLE: 'worker' }).POLYBLOK_ROLE).toBe('worker');
    expect(() => loadEnv({ POLYBLOK_ROLE: 'worker' })).toThrow(/POLYBLOK_ROLE: worker needs PostgreSQL/);
    expect(() => loadEnv({ ...postgres, POLYBLOK_ROLE: 'api' })).toThrow(/POLYBLOK_ROLE: must be all, web or worker/);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxies, never as "trust everyone"', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).TRUST_PROXY).toBe(1);
    expect(loadEnv({ TRUST_PROXY: 'loopback, 10.0.0.0/8 ::1' }).TRUST_PROXY).toEqual(['loopback', '10.0.0.0/8', '::1']);
    expect(loadEnv({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(() => loadEnv({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: trusting every proxy/);
    expect(() => loadEnv({ TRUST_PROXY: 'proxy.internal' })).toThrow(/TRUST_PROXY: "proxy.internal" is not/);
  });

  it('names bad mail, secret and key settings without echoing their values', () => {
    let caught: unknown;
    try {
      loadEnv({
        SMTP_URL: 'http://mail',
        JWT_SECRET: 'short',
        ENCRYPTION_KEYS: 'v1:dG9vLXNob3J0',
        MAIL_FROM: 'nobody',
      });
    } catch (error) {
      caught = error;
    }
    const message = (caught as EnvError).message;
    expect(message).toMatch(/SMTP_URL: must be an smtp:\/\/ or smtps:\/\/ URL/);
    expect(message).toMatch(/JWT_SECRET: must be at least 32 characters/);
    expect(message).toMatch(/ENCRYPTION_KEYS: key "v1" must be 32 bytes/);
    expect(message).toMatch(/MAIL_FROM: must be an address/);
    expect(message).not.toContain('dG9vLXNob3J0');
    expect(message).not.toContain('short');
  });

  it('takes a Crisp website ID only in its UUID form', () => {
    const id = '3f1c2a4e-8b7d-4c2e-9a51-0d6e2f7b8c90';
    expect(loadEnv({ CRISP_WEBSITE_ID: id }).CRISP_WEBSITE_ID).toBe(id);
    expect(loadEnv({}).CRISP_WEBSITE_ID).toBeUndefined();
    expect(() => loadEnv({ CRISP_WEBSITE_ID: 'my-site' })).toThrow(/CRISP_WEBSITE_ID: must be the Crisp website ID/);
  });

  it('takes the Storyblok app and TLS settings in pairs, and the app only with an https site', () => {
    expect(() => loadEnv({ STORYBLOK_OAUTH_CLIENT_ID: 'id' })).toThrow(
      /STORYBLOK_OAUTH_CLIENT_SECRET: must be set together with STORYBLOK_OAUTH_CLIENT_ID/,
    );
    expect(() => loadEnv({ TLS_KEY_FILE: 'key.pem' })).toThrow(/TLS_CERT_FILE: must be set together with TLS_KEY_FILE/);
    const app = { STORYBLOK_OAUTH_CLIENT_ID: 'id', STORYBLOK_OAUTH_CLIENT_SECRET: 'secret' };
    expect(() => loadEnv(app)).toThrow(/SITE_URL: the Storyblok app install .* needs an https origin/);
    expect(loadEnv({ ...app, SITE_URL: 'https://polyblok.example.com' }).SITE_URL).toBe('https://polyblok.example.com');
    const tls = { TLS_CERT_FILE: 'cert.pem', TLS_KEY_FILE: 'key.pem', PORT: '8443' };
    expect(loadEnv({ ...app, ...tls }).SITE_URL).toBe('https://localhost:8443');
    expect(loadEnv({ STORYBLOK_OAUTH_URL: 'http://127.0.0.1:4010/' }).STORYBLOK_OAUTH_URL).toBe(
      'http://127.0.0.1:4010',
    );
    expect(loadEnv({}).STORYBLOK_TOOL_SLUG).toBe('polyblok');
    expect(() => loadEnv({ STORYBLOK_TOOL_SLUG: 'my tool' })).toThrow(/STORYBLOK_TOOL_SLUG: must be the tool slug/);
  });

  it('turns billing on only with the webhook secret and the plan’s price beside the key', () => {
    expect(loadEnv({}).STRIPE_SECRET_KEY).toBeUndefined();
    let caught: unknown;
    try {
      loadEnv({ STRIPE_SECRET_KEY: 'sk_test_1', STRIPE_API_URL: 'ftp://stripe' });
    } catch (error) {
      caught = error;
    }
    expect((caught as EnvError).problems).toEqual([
      'STRIPE_API_URL: must be an http(s) URL',
      'STRIPE_WEBHOOK_SECRET: must be set together with STRIPE_SECRET_KEY',
      'STRIPE_ENTRY_PLAN_PRICE_ID: must be set together with STRIPE_SECRET_KEY',
    ]);
    const billing = {
      STRIPE_SECRET_KEY: 'sk_test_1',
      STRIPE_WEBHOOK_SECRET: 'whsec_1',
      STRIPE_ENTRY_PLAN_PRICE_ID: 'price_1',
    };
    expect(loadEnv(billing).AI_DAILY_WORDS_ENTRY_PLAN).toBe(1000);
  });

  it('treats empty values as unset', () => {
    expect(loadEnv({ PORT: '', DATABASE_URL: '' }).PORT).toBe(3000);
  });

  it('reads origins separated by commas or spaces and normalises them', () => {
    const env = loadEnv({ STORYBLOK_APP_ORIGINS: 'https://app.storyblok.com/, http://localhost:7070  https://x.test' });
    expect(env.STORYBLOK_APP_ORIGINS).toEqual(['https://app.storyblok.com', 'http://localhost:7070', 'https://x.test']);
  });

  it('lists every bad variable at once', () => {
    let caught: unknown;
    try {
      loadEnv({ PORT: '70000', DATABASE_URL: 'mysql://x/y', NODE_ENV: 'staging', STORYBLOK_APP_ORIGINS: 'ftp://x' });
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(EnvError);
    const names = (caught as EnvError).problems.map((line) => line.split(':')[0]).sort();
    expect(names).toEqual(['DATABASE_URL', 'NODE_ENV', 'PORT', 'STORYBLOK_APP_ORIGINS']);
    expect((caught as EnvError).message).toMatch(/unsupported scheme "mysql:"/);
  });
});

describe('the documented configuration', () => {
  it('lists the same variables in env.ts, .env.example and the README table', () => {
    const example = readFileSync(`${projectRoot}.env.example`, 'utf8');
    const exampleNames = [...example.matchAll(/^([A-Z][A-Z0-9_]*)=/gm)].map((match) => match[1]);
    const readme = readFileSync(`${projectRoot}README.md`, 'utf8');
    const readmeNames = [...readme.matchAll(/^\| `([A-Z][A-Z0-9_]*)` +\|/gm)].map((match) => match[1]);
    expect([...exampleNames].sort()).toEqual([...envVariableNames].sort());
    expect([...readmeNames].sort()).toEqual([...envVariableNames].sort());
  });
});
