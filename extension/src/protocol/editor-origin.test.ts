import { describe, expect, it } from 'vitest';
import { editorOrigin, isFromEditor } from './editor-origin.ts';

const storyblok = 'https://app.storyblok.com';
const us = 'https://app-us.storyblok.com';

describe('the Visual Editor origin', () => {
  it('is the framing page when it is an allowed origin', () => {
    expect(editorOrigin([storyblok, us], { ancestorOrigins: [us] })).toBe(us);
    expect(editorOrigin([storyblok, us], { referrer: `${us}/#/me/spaces/1/stories/0/0/2` })).toBe(us);
  });

  it('never is an origin outside the configuration', () => {
    expect(editorOrigin([storyblok, us], { ancestorOrigins: ['https://evil.example'] })).toBeNull();
    expect(editorOrigin([storyblok, us], { referrer: 'https://evil.example/page' })).toBeNull();
    expect(editorOrigin([storyblok, us], { referrer: 'not a url' })).toBeNull();
    expect(editorOrigin([], { ancestorOrigins: [storyblok] })).toBeNull();
  });

  it('is the one configured origin when the page gives no hint', () => {
    expect(editorOrigin([storyblok], {})).toBe(storyblok);
    expect(editorOrigin([storyblok], { ancestorOrigins: ['https://evil.example'] })).toBe(storyblok);
  });

  it('accepts messages only from the parent window at that origin', () => {
    const parent = {};
    expect(isFromEditor({ origin: storyblok, source: parent, data: {} }, parent, storyblok)).toBe(true);
    expect(isFromEditor({ origin: 'https://evil.example', source: parent, data: {} }, parent, storyblok)).toBe(false);
    expect(isFromEditor({ origin: storyblok, source: {}, data: {} }, parent, storyblok)).toBe(false);
    expect(isFromEditor({ origin: storyblok, source: null, data: {} }, parent, storyblok)).toBe(false);
  });
});
