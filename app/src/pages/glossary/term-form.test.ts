import { describe, expect, it } from 'vitest';
import { glossaryTermInput, type GlossaryTerm } from '#contract/glossary.ts';
import { contentKeys } from '#kit/editor/content.queries.ts';
import { glossaryKeysOfSpace } from './glossary.mutations.ts';
import { emptyTermForm, termFormOf, termFormProblems, toTermInput, type TermFormValues } from './term-form.ts';

const filled: TermFormValues = {
  ...emptyTermForm(),
  translatable: '  Checkout ',
  translated: 'Kasse',
  localeIds: [3],
  description: '   ',
};

/** The messages the server answers for the same body, in the same order. */
function contractProblems(values: TermFormValues): string[] {
  const parsed = glossaryTermInput.safeParse(toTermInput(values));
  return parsed.success ? [] : parsed.error.issues.map((issue) => issue.message);
}

describe('term form', () => {
  it('sends trimmed texts, no empty description, and no locales for a global term', () => {
    expect(toTermInput(filled)).toEqual({
      translatable: 'Checkout',
      translated: 'Kasse',
      global: false,
      locale_ids: [3],
      description: null,
      case_sensitive: false,
      do_not_translate: false,
    });
    expect(toTermInput({ ...filled, global: true }).locale_ids).toEqual([]);
  });

  it('finds each broken rule with the message the contract gives', () => {
    const cases: TermFormValues[] = [
      { ...filled, localeIds: [] },
      { ...filled, translatable: ' ' },
      { ...filled, translated: '' },
      emptyTermForm(),
      filled,
      { ...filled, localeIds: [], global: true },
    ];
    for (const values of cases) {
      expect(termFormProblems(values).sort()).toEqual(contractProblems(values).sort());
    }
    expect(termFormProblems(emptyTermForm())).toEqual([
      'Translatable text cannot be empty',
      'Translated text cannot be empty',
      'Please select at least one locale or mark the term as global',
    ]);
  });

  it('starts a new term in the filtered language, and an edit from the term', () => {
    expect(emptyTermForm(7).localeIds).toEqual([7]);
    const term: GlossaryTerm = {
      id: 1,
      translatable: 'Storyblok',
      translated: 'Storyblok',
      global: false,
      locales: [
        { id: 4, code: 'de', name: 'German' },
        { id: 5, code: 'fr', name: 'French' },
      ],
      description: null,
      case_sensitive: true,
      do_not_translate: true,
      updated_at: '2025-01-01T00:00:00.000Z',
    };
    expect(termFormOf(term)).toEqual({
      translatable: 'Storyblok',
      translated: 'Storyblok',
      global: false,
      localeIds: [4, 5],
      description: '',
      caseSensitive: true,
      doNotTranslate: true,
    });
  });

  it('reload every language’s terms of the space the editor highlights from', () => {
    const editorKey = contentKeys.glossary(12, 'de');
    expect(editorKey.slice(0, glossaryKeysOfSpace(12).length)).toEqual([...glossaryKeysOfSpace(12)]);
    expect(contentKeys.glossary(13, 'de').slice(0, 3)).not.toEqual([...glossaryKeysOfSpace(12)]);
  });
});
