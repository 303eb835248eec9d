import { Group, Text } from '@mantine/core';
import { useId } from 'react';
import { PRODUCT_NAME } from './use-page-title.ts';

export interface LogoMarkProps {
  /** Edge length in pixels. */
  size?: number;
}

/** Two overlapping blocks: a source blok and its translation. */
export function LogoMark({ size = 32 }: LogoMarkProps) {
  // Several marks can be on one page (sidebar, dialog); each needs its own gradient id.
  const gradientId = useId();
  return (
    <svg width={size} height={size} viewBox="0 0 32 32" role="img" aria-hidden="true" focusable="false">
      <defs>
        <linearGradient id={gradientId} x1="0" y1="0" x2="32" y2="32" gradientUnits="userSpaceOnUse">
          <stop offset="0" stopColor="#5663d8" />
          <stop offset="1" stopColor="#7c3aed" />
        </linearGradient>
      </defs>
      <rect width="32" height="32" rx="8" fill={`url(#${gradientId})`} />
      <rect x="7" y="7" width="12" height="12" rx="3" fill="#ffffff" fillOpacity="0.5" />
      <rect x="13" y="13" width="12" height="12" rx="3" fill="#ffffff" />
    </svg>
  );
}

export interface LogoProps extends LogoMarkProps {
  /** Shows the 'Polyblok' wordmark beside the mark. */
  withWordmark?: boolean;
}

export function Logo({ size = 32, withWordmark = true }: LogoProps) {
  return (
    <Group gap={Math.round(size / 3.5)} wrap="nowrap" aria-label={PRODUCT_NAME}>
      <LogoMark size={size} />
      {withWordmark && (
        <Text component="span" fw={700} fz={Math.round(size * 0.66)} lh={1} style={{ letterSpacing: '-0.02em' }}>
          {PRODUCT_NAME}
        </Text>
      )}
    </Group>
  );
}
