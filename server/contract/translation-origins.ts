/**
 * Where a change of a translation came from, as its history records it. The browser bundles this module (badges),
 * so no zod here. `memory` and `xliff` are for translation memory and agency files.
 */
export const translationOrigins = ['manual', 'ai', 'memory', 'import', 'xliff', 'revert', 'storyblok'] as const;
export type TranslationOrigin = (typeof translationOrigins)[number];
