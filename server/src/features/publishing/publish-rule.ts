import type { PublishRequirement } from '#contract/publish-rules.ts';

/**
 * The rule a publish goes by. Where only verified translations are written to Storyblok, an unverified one would
 * be missing from the published language, so verified ones are needed whatever the space's setting says.
 */
export function publishRuleOf(space: {
  publishRequires: PublishRequirement;
  writeBackMode: 'all' | 'verified_only';
}): PublishRequirement {
  return space.writeBackMode === 'verified_only' ? 'verified' : space.publishRequires;
}
