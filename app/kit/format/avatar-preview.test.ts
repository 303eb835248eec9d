import { describe, expect, it } from 'vitest';
import { avatarPreview } from './avatar-preview.ts';

describe('avatarPreview', () => {
  it('shows everyone up to five', () => {
    expect(avatarPreview(['a', 'b', 'c'])).toEqual({ shown: ['a', 'b', 'c'], overflow: 0 });
    expect(avatarPreview(['a', 'b', 'c', 'd', 'e'])).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], overflow: 0 });
  });

  it('shows five and counts the rest', () => {
    const members = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(avatarPreview(members)).toEqual({ shown: ['a', 'b', 'c', 'd', 'e'], overflow: 3 });
  });

  it('handles nobody', () => {
    expect(avatarPreview([])).toEqual({ shown: [], overflow: 0 });
  });
});
