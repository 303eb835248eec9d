import { Select } from '@mantine/core';
import { IconLanguage } from '@tabler/icons-react';
import type { SpaceLocale } from '#contract/spaces.ts';

export interface LocaleSelectProps {
  locales: ReadonlyArray<Pick<SpaceLocale, 'code' | 'name'>>;
  value: string;
  onChange(code: string): void;
}

/** The target language of the editor: `German (de)`. */
export function LocaleSelect({ locales, value, onChange }: LocaleSelectProps) {
  return (
    <Select
      aria-label="Language"
      data={locales.map((locale) => ({ value: locale.code, label: `${locale.name} (${locale.code})` }))}
      value={value}
      onChange={(code) => code && onChange(code)}
      allowDeselect={false}
      checkIconPosition="right"
      leftSection={<IconLanguage size={16} />}
      w={240}
      comboboxProps={{ shadow: 'md' }}
    />
  );
}
