/**
 * The target language the panel shows. The Visual Editor sends its language with every context: '' (or
 * 'default') for the default language, which is the source, else a language code. A target language the editor
 * switches to wins; in the default language, or one the space does not translate into, the panel keeps what the
 * person chose, and starts on the space's first language.
 */
export function editorLanguageCode(language: string): string | null {
  const code = language.trim();
  return code === '' || code === 'default' ? null : code;
}

export function panelLanguage(
  editorLanguage: string | null,
  targetCodes: readonly string[],
  current: string | null,
): string | null {
  if (editorLanguage !== null && targetCodes.includes(editorLanguage)) return editorLanguage;
  if (current !== null && targetCodes.includes(current)) return current;
  return targetCodes[0] ?? null;
}
