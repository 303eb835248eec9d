import { Badge, Box, Divider, Group, Loader, Tabs, Text } from '@mantine/core';
import { memo, useCallback, useMemo, useState, type ReactNode } from 'react';
import type { StoryDetail, TranslatableKey } from '#contract/content.ts';
import { CountTabList } from '../components/count-tab-list.tsx';
import { formatQuantity } from '../format/format.ts';
import classes from './editor.module.css';
import { EditorContext, useEditorContext, type CompareColumn } from './editor-context.ts';
import { NoKeysState } from './editor-states.tsx';
import { KeyDetailsModal } from './key-details-modal.tsx';
import { KeyList } from './key-list.tsx';
import { keysInTab, keyTabLabels, keyTabs, tabCounts, type KeyTab } from './key-tabs.ts';
import { SelectionBar } from './selection-bar.tsx';
import { StoryHeader } from './story-header.tsx';
import { StoryImportNotice } from './story-import-notice.tsx';
import { WriteBackNotice } from './write-back-notice.tsx';

export interface StoryKeysProps {
  /** The story in the editor's language (with several side by side, the first one: its tabs and counts lead). */
  story: StoryDetail;
  /** Several languages side by side, the first one being `story`'s; one language without it. */
  compare?: readonly CompareColumn[];
  previewToken: string | null;
  cdnBaseUrl: string;
  unsavedCount: number;
  verifyOnSave: boolean;
  onVerifyOnSaveChange(value: boolean): void;
  /** Added to the story header's actions by the host. */
  actions?: ReactNode;
  /** A key to open the story at (see StoryEditorProps). */
  openKeyId?: number | null;
}

const emptyTab: Readonly<Record<KeyTab, (language: string) => string>> = {
  all: () => 'This story has no translatable text: mark fields translatable in Storyblok and sync to see them here.',
  missing: (language) => `Every key of this story has a translation in ${language}.`,
  unverified: () => 'No key waits for verification.',
  completed: () => 'No key is verified yet.',
  review: () => 'No AI translation waits for review: scored AI translations that are not verified show here.',
};

/**
 * The loaded story: header, tabs with counts, the selection's actions and the key list. Memoized: typing changes
 * the unsaved texts of the editor above it, which this part only reads through each row.
 */
export const StoryKeys = memo(function StoryKeys({
  story,
  compare,
  previewToken,
  cdnBaseUrl,
  unsavedCount,
  verifyOnSave,
  onVerifyOnSaveChange,
  actions,
  openKeyId = null,
}: StoryKeysProps) {
  const ctx = useEditorContext();
  const [tab, setTab] = useState<KeyTab>('all');
  // A key asked for shows, whatever tab was open: React renders again at once with All.
  const [opened, setOpened] = useState<number | null>(null);
  if (openKeyId !== opened) {
    setOpened(openKeyId);
    if (openKeyId !== null && !keysInTab(story.translatable_keys, tab).some((key) => key.id === openKeyId))
      setTab('all');
  }
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<number>>(new Set());
  const [details, setDetails] = useState<TranslatableKey | null>(null);

  const keys = story.translatable_keys;
  const counts = useMemo(() => tabCounts(keys), [keys]);
  const visible = useMemo(() => keysInTab(keys, tab), [keys, tab]);
  const selected = useMemo(() => keys.filter((key) => selectedIds.has(key.id)), [keys, selectedIds]);
  const requested = useMemo(() => keys.filter((key) => key.has_translation_ask).length, [keys]);
  // The modal follows the key as it changes (a save, a refresh) while it is open.
  const detailsKey = details ? (keys.find((key) => key.id === details.id) ?? details) : null;

  const onSelect = useCallback((keyId: number, checked: boolean) => {
    setSelectedIds((current) => {
      const next = new Set(current);
      if (checked) next.add(keyId);
      else next.delete(keyId);
      return next;
    });
  }, []);
  const onSelectAll = (checked: boolean) => setSelectedIds(new Set(checked ? visible.map((key) => key.id) : []));
  const onClear = useCallback(() => setSelectedIds(new Set()), []);
  const onOpenDetails = useCallback((key: TranslatableKey) => setDetails(key), []);

  return (
    <Box h="100%" className={classes.keys} style={{ display: 'flex', flexDirection: 'column', minHeight: 0 }}>
      <StoryHeader
        story={story}
        previewToken={previewToken}
        cdnBaseUrl={cdnBaseUrl}
        verifyOnSave={verifyOnSave}
        onVerifyOnSaveChange={onVerifyOnSaveChange}
        actions={actions}
      />
      <StoryImportNotice story={story} />
      {compare ? (
        compare.map((column) => (
          <EditorContext key={column.context.localeCode} value={column.context}>
            <WriteBackNotice story={column.story} language={column.context.localeName} />
          </EditorContext>
        ))
      ) : (
        <WriteBackNotice story={story} />
      )}
      <Tabs
        value={tab}
        onChange={(value) => {
          setTab((value as KeyTab | null) ?? 'all');
          // A selection hidden by the new tab would be acted on unseen.
          onClear();
        }}
        px="md"
      >
        <CountTabList
          tabs={keyTabs.map((name) => ({ value: name, label: keyTabLabels[name], count: counts[name] }))}
          active={tab}
          // Only missing keys are work left undone, so only their count turns red; the active tab stays neutral.
          badgeColor={({ value, count }) => (value === 'missing' && count > 0 ? 'red' : 'gray')}
          badgeTestIdPrefix="count-"
        >
          {(unsavedCount > 0 || compare) && (
            <Group ml="auto" pr={4} gap="sm" wrap="nowrap">
              {compare && (
                <Text fz="xs" c="dimmed" data-testid="tabs-language">
                  Tabs, counts and bulk actions: {ctx.localeName}
                </Text>
              )}
              {unsavedCount > 0 && (
                <Badge color="brand" variant="dot" data-testid="unsaved-count">
                  {formatQuantity(unsavedCount, 'unsaved key', 'unsaved keys')}
                </Badge>
              )}
            </Group>
          )}
        </CountTabList>
      </Tabs>
      {requested > 0 && (
        <Group gap="xs" px="md" py={6} bg="violet.0" role="status">
          <Loader size={14} color="violet" />
          <Text fz="sm" c="violet.9">
            AI is translating {formatQuantity(requested, 'key', 'keys')}. This story refreshes every 5 seconds until{' '}
            {requested === 1 ? 'it is' : 'they are'} done.
          </Text>
        </Group>
      )}
      {ctx.canTranslate && (
        <SelectionBar visible={visible} selected={selected} onSelectAll={onSelectAll} onClear={onClear} />
      )}
      <Divider />
      {visible.length === 0 ? (
        <NoKeysState description={emptyTab[tab](ctx.localeName)} />
      ) : (
        <>
          <ColumnHeadings sourceName={ctx.sourceName} languages={compare?.map((column) => column.context.localeName)} />
          <Divider />
          <KeyList
            keys={visible}
            selected={selectedIds}
            selectable={ctx.canTranslate}
            onSelect={onSelect}
            onOpenDetails={onOpenDetails}
            compare={compare}
            openKeyId={openKeyId}
          />
        </>
      )}
      <KeyDetailsModal keyData={detailsKey} onClose={() => setDetails(null)} />
    </Box>
  );
});

function ColumnHeadings({ sourceName, languages }: { sourceName: string; languages: string[] | undefined }) {
  const ctx = useEditorContext();
  const heading = (text: string) => (
    <Text key={text} fz="xs" fw={600} c="dimmed" tt="uppercase" truncate>
      {text}
    </Text>
  );
  return (
    <div
      className={languages ? classes.compareColumns : classes.columns}
      data-count={languages?.length}
      style={{ padding: '6px 16px' }}
    >
      {heading(`Source · ${sourceName}`)}
      {languages ? languages.map(heading) : heading(`Translation · ${ctx.localeName}`)}
    </div>
  );
}
