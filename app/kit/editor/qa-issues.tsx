import { IconAlertTriangle } from '@tabler/icons-react';
import type { TranslatableKey } from '#contract/content.ts';
import { FindingsBadge } from './findings-badge.tsx';

/**
 * What the checks found in a key's translation (placeholders, formatting, numbers, addresses, spacing, invisible
 * characters, glossary). Glossary findings already named by the AI's glossary badge are not repeated.
 */
export function QaIssues({ keyData: key }: { keyData: TranslatableKey }) {
  const problems =
    key.glossary_issues.length > 0 ? key.qa.filter((problem) => problem.code !== 'glossary_term_missing') : key.qa;
  return (
    <FindingsBadge
      label="Checks"
      color="yellow"
      icon={<IconAlertTriangle size={12} />}
      title="Worth a second look"
      findings={[...new Set(problems.map((problem) => problem.message))]}
      width={340}
      ariaLabel={`${problems.length} check${problems.length === 1 ? '' : 's'} to look at`}
      testId="qa-badge"
    />
  );
}
