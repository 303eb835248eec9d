import { MultiSelect } from '@mantine/core';
import { IconColumns } from '@tabler/icons-react';
import type { SpaceLocale } from '#contract/spaces.ts';
import { MAX_COMPARED } from './use-content-params.ts';

export interface CompareSelectProps {
  locales: readonly SpaceLocale[];
  /** The language shown first (the Language select's). */
  first: SpaceLocale;
  /** The languages shown beside it, in their order. */
  others: readonly SpaceLocale[];
  onChange(codes: string[]): void;
}

/** Languages to show beside the chosen one, up to three side by side in all; kept in the address. */
export function CompareSelect({ locales, first, others, onChange }: CompareSelectProps) {
  const choices = locales.filter((locale) => locale.code !== first.code);
  if (choices.length === 0) return null;
  return (
    <MultiSelect
      aria-label="Compare with"
      placeholder={others.length === 0 ? 'Compare with…' : undefined}
      data={choices.map((locale) => ({ value: locale.code, label: `${locale.name} (${locale.code})` }))}
      value={others.map((locale) => locale.code)}
      onChange={(codes) => onChange([first.code, ...codes])}
      maxValues={MAX_COMPARED - 1}
      clearable
      hidePickedOptions
      leftSection={<IconColumns size={16} />}
      w={{ base: 220, lg: 340 }}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
