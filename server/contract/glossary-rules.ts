/**
 * The glossary messages of the specification (section 5) and the limits, without zod so the browser's forms
 * can import them; glossary.ts builds the API's schema from the same values.
 */
export const GLOSSARY_SCOPE_REQUIRED = 'Please select at least one locale or mark the term as global';
export const GLOSSARY_TRANSLATABLE_REQUIRED = 'Translatable text cannot be empty';
export const GLOSSARY_TRANSLATED_REQUIRED = 'Translated text cannot be empty';
export const GLOSSARY_TEXT_MAX = 500;
export const GLOSSARY_DESCRIPTION_MAX = 1000;
