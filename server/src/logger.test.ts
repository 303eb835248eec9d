import { describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { createLogger, loggableUrl } from './logger.ts';

describe('loggableUrl', () => {
  it('keeps ordinary query values and masks credential-like ones', () => {
    expect(loggableUrl('/auth/v1/verify?type=signup&token=abc&redirect_to=%2Flogin')).toBe(
      '/auth/v1/verify?type=signup&token=%5Bredacted%5D&redirect_to=%2Flogin',
    );
    expect(loggableUrl('/api/health')).toBe('/api/health');
    expect(loggableUrl('/x?Access_Token=1&page=2')).toBe('/x?Access_Token=%5Bredacted%5D&page=2');
  });
});

describe('createLogger', () => {
  it('redacts secret fields at the top level and one level down', () => {
    let written = '';
    const destination = new Writable({
      write(chunk: Buffer, _encoding, callback) {
        written += chunk.toString();
        callback();
      },
    });
    const logger = createLogger({ level: 'info', destination });
    logger.info(
      { password: 'hunter22', user: { refresh_token: 'r-123', email: 'a@b.c' }, personal_access_token: 'pat' },
      'event',
    );
    expect(written).not.toMatch(/hunter22|r-123|"pat"/);
    expect(JSON.parse(written)).toMatchObject({
      password: '[redacted]',
      user: { refresh_token: '[redacted]', email: 'a@b.c' },
    });
  });
});
