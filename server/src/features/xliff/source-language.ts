/**
 * The BCP 47 tag of a space's source language. Storyblok names its default language ("English") but gives it
 * no code, so the name is looked up among the languages' English names; a name that is a tag already is kept,
 * and one that matches nothing is "und" (BCP 47's undetermined language), which CAT tools let a person set.
 */
let byName: Map<string, string> | null = null;

function languagesByName(): Map<string, string> {
  if (byName) return byName;
  const names = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
  byName = new Map();
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (const first of letters) {
    for (const second of letters) {
      const code = `${first}${second}`;
      const name = names.of(code);
      if (name && !byName.has(name.toLowerCase())) byName.set(name.toLowerCase(), code);
    }
  }
  return byName;
}

export function sourceLanguageTag(defaultLocaleName: string | null): string {
  const name = (defaultLocaleName ?? '').trim();
  if (/^[a-z]{2,3}([-_][a-z0-9]{2,8})*$/i.test(name)) return targetLanguageTag(name);
  return languagesByName().get(name.toLowerCase()) ?? 'und';
}

/** A Storyblok language code as a BCP 47 tag: "pt_BR" is written "pt-BR". */
export function targetLanguageTag(code: string): string {
  return code.replace(/_/g, '-');
}

/** Whether a file's trgLang names the language: tags compare without regard to case. */
export function sameLanguage(tag: string, code: string): boolean {
  return tag.trim().toLowerCase() === targetLanguageTag(code).toLowerCase();
}
