import { IconBook2 } from '@tabler/icons-react';
import type { TranslatableKey } from '#contract/content.ts';
import { FindingsBadge } from './findings-badge.tsx';

/** The glossary terms an AI translation did not follow, as the glossary check found them. */
export function GlossaryIssues({ issues }: { issues: TranslatableKey['glossary_issues'] }) {
  return (
    <FindingsBadge
      label="Glossary"
      color="orange"
      icon={<IconBook2 size={12} />}
      title="Glossary terms not followed"
      findings={issues.map((issue) => `“${issue.term}” should be translated as “${issue.expected}”.`)}
      width={320}
    />
  );
}
