import { Badge, type MantineColor } from '@mantine/core';
import type { HistoryEntry } from '#contract/content-history.ts';
import type { TranslationOrigin } from '#contract/translation-origins.ts';

const origins: Readonly<Record<TranslationOrigin, { label: string; color: MantineColor }>> = {
  manual: { label: 'Edited', color: 'blue' },
  ai: { label: 'AI', color: 'violet' },
  memory: { label: 'Memory', color: 'teal' },
  import: { label: 'Imported', color: 'gray' },
  xliff: { label: 'XLIFF', color: 'cyan' },
  revert: { label: 'Reverted', color: 'orange' },
  storyblok: { label: 'Storyblok', color: 'indigo' },
};

const statuses: Readonly<Record<HistoryEntry['status'], string>> = {
  missing: 'Removed',
  unverified: 'Unverified',
  verified: 'Verified',
  outdated: 'Outdated',
};

/** Where a change of a translation came from. */
export function OriginBadge({ origin }: { origin: TranslationOrigin }) {
  const { label, color } = origins[origin];
  return (
    <Badge color={color} variant="light" size="sm" data-origin={origin}>
      {label}
    </Badge>
  );
}

export function historyStatusLabel(status: HistoryEntry['status']): string {
  return statuses[status];
}
