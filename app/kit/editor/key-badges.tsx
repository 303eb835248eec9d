import { Badge, Tooltip } from '@mantine/core';
import type { TranslatableKey } from '#contract/content.ts';
import { AiScoreBadge } from './ai-score-badge.tsx';
import { GlossaryIssues } from './glossary-issues.tsx';
import { QaIssues } from './qa-issues.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The state of one key's translation in one language: unsaved text, what needs care, its status. */
export function KeyBadges({ keyData: key, dirty }: { keyData: TranslatableKey; dirty: boolean }) {
  return (
    <>
      {dirty && (
        <Badge color="brand" variant="dot" size="sm">
          Unsaved
        </Badge>
      )}
      {key.is_needing_formatting && (
        <Tooltip label="Saved as plain text: its formatting is still to be redone from the source." multiline w={240}>
          <Badge color="gray" variant="light" size="sm">
            Needs formatting
          </Badge>
        </Tooltip>
      )}
      <AiScoreBadge keyData={key} />
      <GlossaryIssues issues={key.glossary_issues} />
      <QaIssues keyData={key} />
      {key.is_outdated && (
        <Badge color="orange" variant="light" size="sm">
          Outdated
        </Badge>
      )}
      <StatusBadge status={key.status} />
    </>
  );
}
