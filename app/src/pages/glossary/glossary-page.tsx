import { Alert, Button, Card, Group, Select, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { IconBook, IconPlus, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import type { GlossaryTerm } from '#contract/glossary.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { glossaryTermsQueryOptions } from '#kit/editor/content.queries.ts';
import { formatQuantity } from '#kit/format/format.ts';
import { errorMessage } from '#kit/components/notify.ts';
import { PageLayout } from '#kit/components/page-layout.tsx';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { DeleteTermModal } from './delete-term-modal.tsx';
import { GlossaryTable } from './glossary-table.tsx';
import { localeFilterOf, searchTerms, sortTerms, unknownLocaleOf } from './term-search.ts';
import { TermModal } from './term-modal.tsx';

type Editing = { kind: 'add' } | { kind: 'edit'; term: GlossaryTerm } | { kind: 'delete'; term: GlossaryTerm };

/** `/spaces/:spaceId/glossary?locale=`: the space's terms for one language (global ones included) or all. */
export function GlossaryPage() {
  usePageTitle('Glossary');
  const api = useApi();
  const { space, can } = useCurrentSpace();
  const [searchParams, setSearchParams] = useSearchParams();
  const locales = space.space_locales;
  const codes = locales.map((l) => l.code);
  const locale = localeFilterOf(searchParams.get('locale'), codes);
  const unknownLocale = unknownLocaleOf(searchParams.get('locale'), codes);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const terms = useQuery(glossaryTermsQueryOptions(api, space.id, locale));
  const editable = can('glossary');
  const shown = terms.data ? searchTerms(sortTerms(terms.data.terms), search) : [];

  function chooseLocale(code: string) {
    setSearchParams(
      (params) => {
        if (code === 'all') params.delete('locale');
        else params.set('locale', code);
        return params;
      },
      { replace: true },
    );
  }

  return (
    <PageLayout
      title="Glossary"
      maxWidth={1200}
      rightSection={
        editable && (
          <Button leftSection={<IconPlus size={18} />} onClick={() => setEditing({ kind: 'add' })}>
            Add new term
          </Button>
        )
      }
    >
      <Text c="dimmed" fz="sm" mt={-8}>
        Terms the translations of {space.name} must get right. The AI is given the terms that occur in what it
        translates, and the editor highlights them in the source.
        {!editable && ' Editors, admins and owners change the glossary.'}
      </Text>
      {unknownLocale && (
        <Alert color="orange" variant="light" title="No such language">
          {space.name} has no language “{unknownLocale}”, so the terms of every language are shown. Choose a language
          below.
        </Alert>
      )}
      <Card p={0}>
        <Group p="md" gap="md" wrap="wrap">
          <Select
            aria-label="Locale"
            w={240}
            data={[
              { value: 'all', label: 'All languages' },
              ...locales.map((l) => ({ value: l.code, label: `${l.name} (${l.code})` })),
            ]}
            value={locale}
            onChange={(code) => code && chooseLocale(code)}
            allowDeselect={false}
          />
          <TextInput
            aria-label="Search terms"
            placeholder="Search terms, translations, descriptions"
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(event) => setSearch(event.currentTarget.value)}
            style={{ flex: 1, minWidth: 220 }}
          />
          {terms.data && (
            <Text fz="sm" c="dimmed">
              {formatQuantity(shown.length, 'term', 'terms')}
            </Text>
          )}
        </Group>
        {terms.isPending && (
          <Stack gap="sm" p="md" pt={0} aria-busy="true" aria-label="Loading glossary terms">
            {Array.from({ length: 6 }, (_, i) => (
              <Skeleton key={i} height={36} />
            ))}
          </Stack>
        )}
        {terms.isError && (
          <Alert color="red" title="The glossary could not be loaded" m="md" mt={0}>
            <Stack gap="xs" align="flex-start">
              <Text fz="sm">
                {errorMessage(terms.error, 'Polyblok could not read the glossary. Please try again.')}
              </Text>
              <Button size="xs" variant="light" color="red" onClick={() => void terms.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        )}
        {terms.data && shown.length === 0 && (
          <Stack align="center" gap={4} py={48} px="md" ta="center">
            <IconBook size={32} stroke={1.4} color="var(--mantine-color-dimmed)" />
            <Text fw={600}>No glossary terms found</Text>
            <Text fz="sm" c="dimmed" maw={420}>
              {search.trim()
                ? 'No term matches your search. Try fewer words.'
                : editable
                  ? 'Add product names, key phrases and words of your trade with the translation they must have.'
                  : 'Nobody has added terms for this selection yet.'}
            </Text>
          </Stack>
        )}
        {shown.length > 0 && (
          <GlossaryTable
            terms={shown}
            editable={editable}
            onEdit={(term) => setEditing({ kind: 'edit', term })}
            onDelete={(term) => setEditing({ kind: 'delete', term })}
          />
        )}
      </Card>

      {editing?.kind === 'add' && (
        <TermModal
          spaceId={space.id}
          locales={locales}
          localeId={locales.find((l) => l.code === locale)?.id}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'edit' && (
        <TermModal
          key={editing.term.id}
          spaceId={space.id}
          locales={locales}
          term={editing.term}
          onClose={() => setEditing(null)}
        />
      )}
      {editing?.kind === 'delete' && (
        <DeleteTermModal spaceId={space.id} term={editing.term} onClose={() => setEditing(null)} />
      )}
    </PageLayout>
  );
}
