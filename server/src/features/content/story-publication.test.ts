import { describe, expect, it } from 'vitest';
import { publicationOf } from './story-publication.ts';

describe('a story’s publication per language, as kept', () => {
  it('keeps the language, the time and the changes since, in a stable order', () => {
    expect(
      publicationOf([
        { lang: 'fr', published_at: '2026-11-27T10:00:00+01:00', unpublished_changes: true },
        { lang: 'de', published_at: null, unpublished_changes: false },
      ]),
    ).toEqual([
      { lang: 'de', published_at: null, unpublished_changes: false },
      { lang: 'fr', published_at: '2026-11-27T09:00:00.000Z', unpublished_changes: true },
    ]);
  });

  it('counts a time it cannot read as never published', () => {
    expect(publicationOf([{ lang: 'de', published_at: 'soon', unpublished_changes: false }])).toEqual([
      { lang: 'de', published_at: null, unpublished_changes: false },
    ]);
  });
});
