import { describe, expect, it } from 'vitest';
import { heightChangeMessage } from './height-change.ts';

describe('heightChange', () => {
  it('reports the height in whole pixels, rounded up so nothing is cut off', () => {
    expect(heightChangeMessage('acme@polyblok', 612.2)).toEqual({
      action: 'tool-changed',
      tool: 'acme@polyblok',
      event: 'heightChange',
      height: 613,
    });
    expect(heightChangeMessage('polyblok', 0)?.height).toBe(0);
  });

  it('sends nothing for a height that is not one', () => {
    expect(heightChangeMessage('polyblok', Number.NaN)).toBeNull();
    expect(heightChangeMessage('polyblok', Number.POSITIVE_INFINITY)).toBeNull();
    expect(heightChangeMessage('polyblok', -1)).toBeNull();
  });
});
