import { Button, Card, Stack, Tabs, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLanguage, IconPlus } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { SpaceLocale } from '#contract/spaces.ts';
import { CountTabList } from '#kit/components/count-tab-list.tsx';
import { formatQuantity } from '#kit/format/format.ts';
import { PageLayout } from '#kit/components/page-layout.tsx';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { SyncBanner } from '../../space/sync-banner.tsx';
import { DeleteLanguageModal } from './delete-language-modal.tsx';
import {
  filterLanguages,
  isLanguageTab,
  languageTabCounts,
  languageTabLabels,
  languageTabs,
  type LanguageTab,
} from './language-filter.ts';
import { LanguageFormModal } from './language-form-modal.tsx';
import { StyleGuideModal } from './style-guide-modal.tsx';
import { LanguagesTable } from './languages-table.tsx';

type Dialog = { kind: 'add' } | { kind: 'edit' | 'style' | 'delete' | 'publish'; locale: SpaceLocale } | null;

// Loaded when first opened: the Languages screen's own chunk stays as it was.
const ReadyToPublishModal = lazy(async () => ({
  default: (await import('./ready-to-publish-modal.tsx')).ReadyToPublishModal,
}));

// The charts and their library load after the table: the page itself stays light.
const LanguageProgressCard = lazy(async () => ({
  default: (await import('./language-progress.tsx')).LanguageProgressCard,
}));

const emptyTabText: Record<LanguageTab, string> = {
  all: '',
  todo: 'Every language is translated and verified.',
  completed: 'No language is fully translated and verified yet.',
};

function NoLanguages({ onAdd }: { onAdd: (() => void) | null }) {
  return (
    <Card py={48}>
      <Stack align="center" gap="xs" ta="center">
        <ThemeIcon size={48} radius="xl" variant="light">
          <IconLanguage size={26} />
        </ThemeIcon>
        <Title order={2} fz="lg" mt="xs">
          No languages
        </Title>
        <Text c="dimmed" fz="sm">
          The space has no target languages
        </Text>
        {onAdd && (
          <Button mt="md" leftSection={<IconPlus size={16} />} onClick={onAdd}>
            Add a language
          </Button>
        )}
      </Stack>
    </Card>
  );
}

/** /spaces/:spaceId/languages: the space's target languages and how far each one is. */
export function LanguagesPage() {
  usePageTitle('Languages');
  const { space, can } = useCurrentSpace();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: LanguageTab = isLanguageTab(tabParam) ? tabParam : 'all';
  const [dialog, setDialog] = useState<Dialog>(null);
  const admin = can('languages');
  const locales = space.space_locales;
  const sourceKeys = space.translatable_keys_count;
  const counts = languageTabCounts(locales, sourceKeys);
  const shown = filterLanguages(locales, tab, sourceKeys);
  const openAdd = admin ? () => setDialog({ kind: 'add' }) : null;

  return (
    <PageLayout
      title="Languages"
      maxWidth={1200}
      rightSection={
        openAdd && (
          <Button leftSection={<IconPlus size={16} />} onClick={openAdd}>
            Add a language
          </Button>
        )
      }
    >
      <Text c="dimmed" mt={-8}>
        {space.default_locale_name
          ? `Translated from ${space.default_locale_name}`
          : 'Translated from the default language'}{' '}
        · {formatQuantity(space.translatable_keys_count, 'source key', 'source keys')}
      </Text>
      <SyncBanner />
      {locales.length === 0 ? (
        <NoLanguages onAdd={openAdd} />
      ) : (
        <Card p={0}>
          <Tabs
            value={tab}
            onChange={(value) => {
              if (!isLanguageTab(value)) return;
              setParams(value === 'all' ? {} : { tab: value }, { replace: true });
            }}
            px="md"
            pt="xs"
          >
            <CountTabList
              tabs={languageTabs.map((name) => ({ value: name, label: languageTabLabels[name], count: counts[name] }))}
              active={tab}
              circle
            />
          </Tabs>
          {shown.length === 0 ? (
            <Text c="dimmed" fz="sm" ta="center" py={40}>
              {emptyTabText[tab]}
            </Text>
          ) : (
            <LanguagesTable
              spaceId={space.id}
              locales={shown}
              sourceKeys={space.translatable_keys_count}
              onEdit={admin ? (locale) => setDialog({ kind: 'edit', locale }) : null}
              onDelete={admin ? (locale) => setDialog({ kind: 'delete', locale }) : null}
              onStyleGuide={admin ? (locale) => setDialog({ kind: 'style', locale }) : null}
              onReadyToPublish={(locale) => setDialog({ kind: 'publish', locale })}
            />
          )}
        </Card>
      )}
      {locales.length > 0 && (
        <Suspense fallback={null}>
          <LanguageProgressCard spaceId={space.id} />
        </Suspense>
      )}
      {dialog?.kind === 'add' && <LanguageFormModal spaceId={space.id} onClose={() => setDialog(null)} />}
      {dialog?.kind === 'edit' && (
        <LanguageFormModal spaceId={space.id} language={dialog.locale} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'style' && (
        <StyleGuideModal spaceId={space.id} language={dialog.locale} onClose={() => setDialog(null)} />
      )}
      {dialog?.kind === 'publish' && (
        <Suspense fallback={null}>
          <ReadyToPublishModal
            spaceId={space.id}
            language={dialog.locale}
            canPublish={can('publish')}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      )}
      {dialog?.kind === 'delete' && (
        <DeleteLanguageModal spaceId={space.id} language={dialog.locale} onClose={() => setDialog(null)} />
      )}
    </PageLayout>
  );
}
