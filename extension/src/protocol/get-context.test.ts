import { describe, expect, it } from 'vitest';
import { getContextRequest, readGetContextResponse } from './get-context.ts';

describe('getContext', () => {
  it('asks under the tool slug, as Storyblok expects', () => {
    expect(getContextRequest('acme@polyblok')).toEqual({
      action: 'tool-changed',
      tool: 'acme@polyblok',
      event: 'getContext',
    });
  });

  it("reads the editor's answer: the story and its language", () => {
    const answer = {
      action: 'get-context',
      language: 'de',
      story: { id: 201010, name: 'Home', full_slug: 'home', content: { component: 'page' }, space_id: 200001 },
    };
    expect(readGetContextResponse(answer)).toEqual({
      story: { id: 201010, name: 'Home', fullSlug: 'home', spaceId: 200001 },
      language: 'de',
    });
    expect(readGetContextResponse({ action: 'get-context', story: { id: '42' } })).toEqual({
      story: { id: 42, name: '', fullSlug: null, spaceId: null },
      language: '',
    });
  });

  it('ignores other actions and malformed answers', () => {
    for (const data of [
      null,
      'get-context',
      [],
      { action: 'get-context' },
      { action: 'get-context', story: null, language: 'de' },
      { action: 'get-context', story: { id: 0 } },
      { action: 'get-context', story: { id: -3 } },
      { action: 'get-context', story: { id: 1.5 } },
      { action: 'get-context', story: { id: 'home' } },
      { action: 'get-context', story: [] },
      { action: 'validated', story: { id: 1 } },
      { action: 'tool-changed', event: 'getContext', story: { id: 1 } },
    ]) {
      expect(readGetContextResponse(data)).toBeNull();
    }
  });
});
