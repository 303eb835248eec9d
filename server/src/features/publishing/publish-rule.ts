import { effectivePublishRule, type PublishRequirement } from '#contract/publish-rules.ts';

/** The rule a publish in the space goes by (see `effectivePublishRule`). */
export function publishRuleOf(space: {
  publishRequires: PublishRequirement;
  writeBackMode: 'all' | 'verified_only';
}): PublishRequirement {
  return effectivePublishRule(space.publishRequires, space.writeBackMode);
}
