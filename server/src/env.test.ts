import { describe, expect, it } from 'vitest';
import { EnvError, loadEnv } from './env.ts';

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
