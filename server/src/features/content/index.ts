// The content feature's front door: what the rest of the server may use of it.
export { refreshCounts, refreshSpaceTotals, refreshStoryCounts } from './content-counts.service.ts';
export { TRANSLATION_BODY_LIMIT, contentRoutes } from './content.routes.ts';
export { localeInSpace, spaceOfLocale, spaceOfStory, storyNotFound } from './content-scope.ts';
export { fieldLengthLimits } from './field-limits.ts';
export { resolveKey } from './key-lookup.ts';
export { readMemoryMatches } from './memory-matches.ts';
export { checkAllWaiting, createQaCheckJob } from './qa-check.job.ts';
export { CHECKS_BEFORE_FILTER, checkBeforeFilter, checkWaitingTranslations } from './qa-store.ts';
export { askForImport } from './story-import-state.ts';
export { publicationOf, type StoredLanguagePublication } from './story-publication.ts';
export { keySourceSelect } from './key-view.ts';
export { rememberSuggestion } from './ai-suggestions.ts';
export { checkAgainstRules, readLocaleRules, type LocaleRules } from './locale-rules.ts';
export { changeTranslations } from './translations.service.ts';
export { normalizeValue } from './translation-value.ts';
export { keyJoins, statusFilter } from './search-sql.ts';
