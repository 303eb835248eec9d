import { describe, expect, it } from 'vitest';
import { profileInitial } from './profile-initial.ts';

describe('profileInitial', () => {
  it('takes the first letter of the name, upper-cased', () => {
    expect(profileInitial('ada lovelace', 'ada@example.com')).toBe('A');
    expect(profileInitial('  Grace', 'g@example.com')).toBe('G');
  });

  it('falls back to the e-mail when there is no name', () => {
    expect(profileInitial(null, 'zoe@example.com')).toBe('Z');
    expect(profileInitial('', 'zoe@example.com')).toBe('Z');
    expect(profileInitial('   ', 'zoe@example.com')).toBe('Z');
  });

  it('keeps a whole accented or emoji character', () => {
    expect(profileInitial('élodie', null)).toBe('É');
    expect(profileInitial('👩🏽‍💻 Dev', null)).toBe('👩🏽‍💻');
  });

  it('shows a question mark when there is nothing to go on', () => {
    expect(profileInitial(undefined, undefined)).toBe('?');
  });
});
