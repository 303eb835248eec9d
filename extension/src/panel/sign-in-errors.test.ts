import { describe, expect, it } from 'vitest';
import { ApiError } from '#kit/api/api-client.ts';
import { SignInError } from '../session/panel-sign-in.ts';
import { signInErrorMessage } from './sign-in-errors.ts';

describe('sign-in messages', () => {
  it('explains each reason the install gives, and passes the server on', () => {
    expect(signInErrorMessage(new SignInError('no_email'))).toMatch(/e-mail address/);
    expect(signInErrorMessage(new SignInError('popup_closed'))).toMatch(/window was closed/);
    expect(signInErrorMessage(new SignInError('storyblok_refused'))).toMatch(/Approve Polyblok's access/);
    const expired = new ApiError('invalid_connect_code', 400, 'This sign-in link has expired. Please sign in again.');
    expect(signInErrorMessage(expired)).toBe(expired.message);
    expect(signInErrorMessage(new TypeError('x is undefined'))).toMatch(/went wrong on our side/);
  });
});
