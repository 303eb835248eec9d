import { describe, expect, it } from 'vitest';
import { editorLanguageCode, panelLanguage } from './editor-language.ts';

describe("the editor's language", () => {
  it('reads the default language as no target language', () => {
    expect(editorLanguageCode('')).toBeNull();
    expect(editorLanguageCode('default')).toBeNull();
    expect(editorLanguageCode(' de ')).toBe('de');
  });

  it('follows the editor into a target language and keeps the choice otherwise', () => {
    const targets = ['de', 'fr'];
    expect(panelLanguage('fr', targets, 'de')).toBe('fr');
    // Back in the default language (the source), the language picked in the panel stays.
    expect(panelLanguage(null, targets, 'fr')).toBe('fr');
    // A language the space does not translate into changes nothing either.
    expect(panelLanguage('it', targets, 'fr')).toBe('fr');
    expect(panelLanguage(null, targets, null)).toBe('de');
    expect(panelLanguage(null, targets, 'es')).toBe('de');
    expect(panelLanguage('de', [], null)).toBeNull();
  });
});
