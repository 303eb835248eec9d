/** The limits of a language's style guide, without zod so the browser's form can import them. */
export const STYLE_INSTRUCTIONS_MAX = 2000;
export const STYLE_TONE_MAX = 200;
export const STYLE_AVOID_MAX = 100;
export const STYLE_AVOID_WORD_MAX = 100;

export const FORMALITIES = ['default', 'formal', 'informal'] as const;
export type Formality = (typeof FORMALITIES)[number];
