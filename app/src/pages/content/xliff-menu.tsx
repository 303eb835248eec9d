import { ActionIcon, Button, Menu, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconChevronDown, IconFileExport, IconFileImport, IconTransfer } from '@tabler/icons-react';
import { useRef } from 'react';
import type { SpaceLocale } from '#contract/spaces.ts';
import { XLIFF_MEDIA_TYPE } from '#contract/xliff-rules.ts';
import { notifyError } from '#kit/components/notify.ts';
import { XliffImportSummary } from '#kit/components/xliff-import-summary.tsx';
import { useExportXliff, useImportXliff, type XliffScope } from '#kit/data/xliff.queries.ts';

export interface XliffMenuProps {
  spaceId: number;
  locale: SpaceLocale;
  scope: XliffScope;
  /** What the export covers, for the menu's labels: "this story", "this folder", "the space". */
  scopeLabel: string;
  /** Importing stores translations: translators and up. */
  canImport: boolean;
  /** An icon alone, where it sits among the story editor's actions beside the title. */
  compact?: boolean;
}

/**
 * XLIFF for agencies: export the language's keys of a story, a folder (with its subfolders) or the whole space,
 * and import a translated file back, with a summary of what was stored and what was not, and why.
 */
export function XliffMenu({ spaceId, locale, scope, scopeLabel, canImport, compact = false }: XliffMenuProps) {
  const picker = useRef<HTMLInputElement>(null);
  const exporting = useExportXliff(spaceId);
  const importing = useImportXliff(spaceId);

  const exportFile = (status?: 'missing' | 'qa_problem') =>
    exporting.mutate(
      { spaceLocaleId: locale.id, scope, ...(status ? { status } : {}) },
      { onError: (error) => notifyError('XLIFF not exported', error, 'The file could not be made. Try again.') },
    );

  const importFile = (file: File) =>
    importing.mutate(
      { spaceLocaleId: locale.id, file },
      {
        onSuccess: (result) =>
          modals.open({
            title: `XLIFF imported into ${locale.name}`,
            size: 'lg',
            children: <XliffImportSummary result={result} localeName={locale.name} />,
          }),
        onError: (error) => notifyError('XLIFF not imported', error, 'The file could not be read. Try again.'),
      },
    );

  return (
    <>
      <Menu position="bottom-end" withinPortal>
        {compact ? (
          <Tooltip label="XLIFF export and import">
            <Menu.Target>
              <ActionIcon
                variant="default"
                size={30}
                aria-label="XLIFF"
                loading={exporting.isPending || importing.isPending}
              >
                <IconTransfer size={16} />
              </ActionIcon>
            </Menu.Target>
          </Tooltip>
        ) : (
          <Menu.Target>
            <Button
              size="xs"
              variant="default"
              leftSection={<IconTransfer size={15} />}
              rightSection={<IconChevronDown size={14} />}
              loading={exporting.isPending || importing.isPending}
            >
              XLIFF
            </Button>
          </Menu.Target>
        )}
        <Menu.Dropdown>
          <Menu.Label>{`${locale.name}, ${scopeLabel}`}</Menu.Label>
          <Menu.Item leftSection={<IconFileExport size={15} />} onClick={() => exportFile()}>
            Export XLIFF
          </Menu.Item>
          <Menu.Item leftSection={<IconFileExport size={15} />} onClick={() => exportFile('missing')}>
            Export XLIFF of missing keys
          </Menu.Item>
          <Menu.Item leftSection={<IconFileExport size={15} />} onClick={() => exportFile('qa_problem')}>
            Export XLIFF of keys with QA problems
          </Menu.Item>
          {canImport && (
            <Menu.Item leftSection={<IconFileImport size={15} />} onClick={() => picker.current?.click()}>
              Import XLIFF…
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <input
        ref={picker}
        type="file"
        accept={`.xlf,.xliff,${XLIFF_MEDIA_TYPE},application/xml,text/xml`}
        aria-label={`XLIFF file to import into ${locale.name}`}
        hidden
        onChange={(event) => {
          const file = event.currentTarget.files?.[0];
          // The same file chosen again after fixing it must still be read.
          event.currentTarget.value = '';
          if (file) importFile(file);
        }}
      />
    </>
  );
}
