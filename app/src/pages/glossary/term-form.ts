import type { GlossaryTerm } from '#contract/glossary.ts';
import {
  GLOSSARY_SCOPE_REQUIRED,
  GLOSSARY_TRANSLATABLE_REQUIRED,
  GLOSSARY_TRANSLATED_REQUIRED,
} from '#contract/glossary-rules.ts';

/** What the add and edit modals hold while the user types. */
export interface TermFormValues {
  translatable: string;
  translated: string;
  global: boolean;
  localeIds: number[];
  description: string;
  caseSensitive: boolean;
  doNotTranslate: boolean;
}

/** The body of a create or update call. */
export interface TermInput {
  translatable: string;
  translated: string;
  global: boolean;
  locale_ids: number[];
  description: string | null;
  case_sensitive: boolean;
  do_not_translate: boolean;
}

/** A new term starts in the language the page is filtered on, if any: that is usually the one being worked on. */
export function emptyTermForm(localeId?: number): TermFormValues {
  return {
    translatable: '',
    translated: '',
    global: false,
    localeIds: localeId === undefined ? [] : [localeId],
    description: '',
    caseSensitive: false,
    doNotTranslate: false,
  };
}

export function termFormOf(term: GlossaryTerm): TermFormValues {
  return {
    translatable: term.translatable,
    translated: term.translated,
    global: term.global,
    localeIds: term.locales.map((locale) => locale.id),
    description: term.description ?? '',
    caseSensitive: term.case_sensitive,
    doNotTranslate: term.do_not_translate,
  };
}

/**
 * The spec's rules (section 5), each with its message, in the order of the form's fields. Every broken rule is
 * reported, so a form with two mistakes does not take two rounds to fix.
 */
export function termFormProblems(values: TermFormValues): string[] {
  const problems: string[] = [];
  if (values.translatable.trim() === '') problems.push(GLOSSARY_TRANSLATABLE_REQUIRED);
  if (values.translated.trim() === '') problems.push(GLOSSARY_TRANSLATED_REQUIRED);
  if (!values.global && values.localeIds.length === 0) problems.push(GLOSSARY_SCOPE_REQUIRED);
  return problems;
}

export function toTermInput(values: TermFormValues): TermInput {
  const description = values.description.trim();
  return {
    translatable: values.translatable.trim(),
    translated: values.translated.trim(),
    global: values.global,
    // A global term applies everywhere; sending its old locales along would only confuse a later edit.
    locale_ids: values.global ? [] : values.localeIds,
    description: description === '' ? null : description,
    case_sensitive: values.caseSensitive,
    do_not_translate: values.doNotTranslate,
  };
}
