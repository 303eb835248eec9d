import { describe, expect, it } from 'vitest';
import { connectOutcomeFromQuery, readConnectMessage } from './connect-message.ts';

describe('the sign-in popup message', () => {
  it('carries the code or the reason from the URL the install ended on', () => {
    expect(connectOutcomeFromQuery('?connect_code=abc_123')).toEqual({ type: 'polyblok-connect', code: 'abc_123' });
    expect(connectOutcomeFromQuery('?connect_error=no_email')).toEqual({ type: 'polyblok-connect', error: 'no_email' });
    expect(connectOutcomeFromQuery('?connect_error=something-new')).toEqual({
      type: 'polyblok-connect',
      error: 'failed',
    });
    expect(connectOutcomeFromQuery('?slug=polyblok')).toBeNull();
    expect(connectOutcomeFromQuery('')).toBeNull();
  });

  it('is read back only in its exact shape', () => {
    expect(readConnectMessage({ type: 'polyblok-connect', code: 'abc' })).toEqual({
      type: 'polyblok-connect',
      code: 'abc',
    });
    expect(readConnectMessage({ type: 'polyblok-connect', error: 'storyblok_refused' })).toEqual({
      type: 'polyblok-connect',
      error: 'storyblok_refused',
    });
    for (const data of [
      null,
      { type: 'polyblok-connect' },
      { type: 'polyblok-connect', code: '' },
      { type: 'polyblok-connect', code: 'x'.repeat(5000) },
      { type: 'polyblok-connect', error: 'made-up' },
      { type: 'other', code: 'abc' },
      { action: 'get-context', story: { id: 1 } },
    ]) {
      expect(readConnectMessage(data)).toBeNull();
    }
  });
});
