import { Badge, Loader, type MantineColor } from '@mantine/core';
import type { KeyStatus } from '#contract/content.ts';

const looks: Readonly<Record<KeyStatus, { label: string; color: MantineColor }>> = {
  missing: { label: 'Missing', color: 'red' },
  translation_requested: { label: 'Translation requested', color: 'violet' },
  unverified: { label: 'Unverified', color: 'yellow' },
  verified: { label: 'Verified', color: 'green' },
};

export function statusLabel(status: KeyStatus): string {
  return looks[status].label;
}

/** The spec's four key states (section 4). */
export function StatusBadge({ status }: { status: KeyStatus }) {
  const { label, color } = looks[status];
  return (
    <Badge
      color={color}
      variant="light"
      size="sm"
      data-status={status}
      leftSection={status === 'translation_requested' ? <Loader size={10} color={color} /> : undefined}
    >
      {label}
    </Badge>
  );
}
