import { Alert, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { DatasourceMapping } from '#contract/datasources.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { ContentCard } from '#kit/components/content-card.tsx';
import { errorMessage, notifyError, notifySuccess } from '#kit/components/notify.ts';
import { datasourceMappingQueryOptions, useSetDatasourceDimension } from '#kit/data/datasources.queries.ts';
import { formatCount, formatQuantity } from '#kit/format/format.ts';

type Language = DatasourceMapping['languages'][number];

function dimensionLabel(mapping: DatasourceMapping, value: string): string {
  const names = mapping.dimensions.find((dimension) => dimension.entry_value === value)?.names ?? [];
  return names.length > 0 ? `${value} (${names.join(', ')})` : value;
}

function LanguageRow(props: { spaceId: number; mapping: DatasourceMapping; language: Language; admin: boolean }) {
  const { spaceId, mapping, language, admin } = props;
  const update = useSetDatasourceDimension(spaceId);
  const current = language.dimension ?? language.code;
  const values = new Set([current, ...mapping.dimensions.map((dimension) => dimension.entry_value)]);
  const data = [...values].map((value) => ({ value, label: dimensionLabel(mapping, value) }));

  function choose(value: string | null) {
    if (value === null || value === current) return;
    update.mutate(
      { space_locale_id: language.space_locale_id, dimension: value === language.code ? null : value },
      {
        onSuccess: () =>
          notifySuccess('Datasource dimension changed', `${language.name} now reads its entries from “${value}”.`),
        onError: (failure) => notifyError('Dimension not changed', failure, 'Could not change the dimension'),
      },
    );
  }

  const found = language.datasources_with_dimension;
  return (
    <Table.Tr>
      <Table.Td>
        <Text fz="sm" fw={500}>
          {language.name}
        </Text>
        <Text fz="xs" c="dimmed">
          {language.code}
        </Text>
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Datasource dimension of ${language.name}`}
          data={data}
          value={current}
          onChange={choose}
          allowDeselect={false}
          readOnly={!admin}
          disabled={update.isPending}
          maw={280}
        />
      </Table.Td>
      <Table.Td>
        <Text fz="sm" c={found === 0 ? 'red' : 'dimmed'}>
          {found === 0
            ? 'No datasource has it'
            : `${formatCount(found)} of ${formatQuantity(mapping.datasource_count, 'datasource', 'datasources')}`}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * Which dimension of the space's datasources holds each language's entries: by default the one whose value is
 * the language's code. Admins choose another; everyone else reads it. Shown where the space has datasources with
 * dimensions.
 */
export function DatasourcesCard({ spaceId, admin }: { spaceId: number; admin: boolean }) {
  const api = useApi();
  const mapping = useQuery(datasourceMappingQueryOptions(api, spaceId));
  if (mapping.error) {
    return (
      <ContentCard title="Datasources">
        <Alert color="red" variant="light" title="The datasources could not be loaded">
          {errorMessage(mapping.error, 'Please reload the page.')}
        </Alert>
      </ContentCard>
    );
  }
  if (!mapping.data || mapping.data.datasource_count === 0) return null;
  const data = mapping.data;
  return (
    <ContentCard
      title="Datasources"
      subtitle={`${formatQuantity(data.datasource_count, 'datasource has', 'datasources have')} dimensions: their entries are translated under Datasources in Content, and each language is read from and written to one dimension. A datasource without dimensions has one value per entry, with nothing to translate.`}
    >
      <Stack gap="xs">
        <Table verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Language</Table.Th>
              <Table.Th>Dimension</Table.Th>
              <Table.Th>Datasources with it</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.languages.map((language) => (
              <LanguageRow
                key={language.space_locale_id}
                spaceId={spaceId}
                mapping={data}
                language={language}
                admin={admin}
              />
            ))}
          </Table.Tbody>
        </Table>
      </Stack>
    </ContentCard>
  );
}
