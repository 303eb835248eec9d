/**
 * The glossary rules of the contract (server/contract/glossary.ts), repeated for the browser: the contract module
 * loads zod at runtime, which the web app's bundle leaves out. glossary-messages.test.ts keeps the two equal.
 */
export const GLOSSARY_SCOPE_REQUIRED = 'Please select at least one locale or mark the term as global';
export const GLOSSARY_TRANSLATABLE_REQUIRED = 'Translatable text cannot be empty';
export const GLOSSARY_TRANSLATED_REQUIRED = 'Translated text cannot be empty';
export const GLOSSARY_TEXT_MAX = 500;
export const GLOSSARY_DESCRIPTION_MAX = 1000;
