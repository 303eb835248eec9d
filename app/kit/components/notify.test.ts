import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-client.ts';
import { errorMessage } from './notify.ts';

describe('errorMessage', () => {
  it('gives the server’s reason', () => {
    const error = new ApiError('token_issue', 409, 'Sync has been stopped with the Storyblok Space');
    expect(errorMessage(error, 'Could not start synchronization')).toBe(
      'Sync has been stopped with the Storyblok Space',
    );
  });

  it('falls back when the failure did not come from the server', () => {
    expect(errorMessage(new TypeError('x is undefined'), 'Could not start synchronization')).toBe(
      'Could not start synchronization',
    );
    expect(errorMessage(new ApiError('internal_error', 500, ''), 'Could not join')).toBe('Could not join');
  });
});
