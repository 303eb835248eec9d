/**
 * When a story may be published in a language, for the server, which refuses the rest, and the screens, which
 * say why before anyone asks. No zod here: the browser bundles this module.
 */

/** What every key of a story needs in a language before it is published there (the space's `publish_requires`). */
export const publishRequirements = ['translated', 'verified'] as const;
export type PublishRequirement = (typeof publishRequirements)[number];

/** A story's language in Storyblok: published as it stands, published with changes since, or never on its own. */
export const languagePublications = ['published', 'unpublished_changes', 'never'] as const;
export type LanguagePublication = (typeof languagePublications)[number];

/** At most this many languages in one publish: more than any space has. */
export const MAX_PUBLISH_LANGUAGES = 50;

export interface StoryCounts {
  keys: number;
  translated: number;
  verified: number;
}

/** How many keys count as done by the rule. */
export function doneByRule(counts: StoryCounts, rule: PublishRequirement): number {
  return rule === 'translated' ? counts.translated : counts.verified;
}

/** Whether every key is done by the rule. */
export function isCompleteByRule(counts: StoryCounts, rule: PublishRequirement): boolean {
  return doneByRule(counts, rule) >= counts.keys;
}

/** "Every key translated", "every key verified": the rule as the screens say it. */
export function describeRequirement(rule: PublishRequirement): string {
  return rule === 'translated' ? 'every key translated' : 'every key verified';
}

/**
 * The rule a publish goes by. Where only verified translations are written to Storyblok, an unverified one would
 * be missing from the published language, so verified ones are needed whatever the space's setting says.
 */
export function effectivePublishRule(
  publishRequires: PublishRequirement,
  writeBackMode: 'all' | 'verified_only',
): PublishRequirement {
  return writeBackMode === 'verified_only' ? 'verified' : publishRequires;
}
