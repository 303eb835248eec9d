import { Stack, Text, UnstyledButton } from '@mantine/core';
import type { PanelLocale } from '#contract/connect.ts';
import { CompletionBar } from '#kit/components/completion-bar.tsx';
import { completionPercent } from '#kit/format/completion.ts';
import { formatCount } from '#kit/format/format.ts';

export interface LanguageProgressProps {
  locales: PanelLocale[];
  keyCount: number;
  selected: string | null;
  onSelect(code: string): void;
}

/** This story's progress in every language of the space; a row opens that language in the editor below. */
export function LanguageProgress({ locales, keyCount, selected, onSelect }: LanguageProgressProps) {
  return (
    <Stack gap={6} role="list" aria-label="Progress per language">
      {locales.map((locale) => {
        const active = locale.code === selected;
        return (
          <UnstyledButton
            key={locale.id}
            role="listitem"
            aria-current={active ? 'true' : undefined}
            onClick={() => onSelect(locale.code)}
            p={6}
            style={{
              borderRadius: 6,
              background: active ? 'var(--mantine-color-brand-0)' : undefined,
            }}
            data-testid={`progress-${locale.code}`}
          >
            <Text fz="sm" fw={600}>
              {locale.name} ({locale.code})
            </Text>
            <CompletionBar
              value={completionPercent(locale.translated_count, keyCount)}
              label={`Completion of ${locale.name}`}
              size="sm"
            />
            <Text fz="xs" c="dimmed">
              {formatCount(locale.translated_count)} of {formatCount(keyCount)} translated ·{' '}
              {formatCount(locale.verified_count)} verified
            </Text>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
