import { Alert, Button, Group, Pagination, Paper, Skeleton, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { TranslatableKey } from '#contract/content.ts';
import { useApi } from '../api/api-context.tsx';
import { formatCount, formatQuantity } from '../format/format.ts';
import { ASSOCIATED_PAGE_SIZE, associatedKeysQueryOptions } from './content.queries.ts';
import { useEditorContext } from './editor-context.ts';
import { useApplyToAssociated } from './key-mutations.ts';
import { StatusBadge } from './status-badge.tsx';

/** `<uid>:<component>:<field>[:<subfield>]` as the editor names keys. */
function pathOf(key: string): string {
  return key.split(':').slice(1).join(' › ');
}

/** The other keys of the space with the same source text, 10 a page, with their status in this language. */
export function AssociatedKeys({ keyData: key }: { keyData: TranslatableKey }) {
  const api = useApi();
  const ctx = useEditorContext();
  const [page, setPage] = useState(1);
  const query = useQuery(
    associatedKeysQueryOptions(api, { key: key.key, spaceLocaleId: ctx.spaceLocaleId, storyId: ctx.storyId, page }),
  );
  const apply = useApplyToAssociated();
  const total = query.data?.metadata.total ?? 0;
  const canApply = ctx.canTranslate && key.translated_key_value_text !== null && total > 0;

  return (
    <Stack gap="xs">
      <Group justify="space-between" align="flex-end">
        <div>
          <Text fw={600}>Associated keys</Text>
          <Text fz="xs" c="dimmed">
            {query.data && total > 0
              ? `${formatQuantity(total, 'other key', 'other keys')} of the space with the same source text`
              : 'Other keys of the space with the same source text'}
          </Text>
        </div>
        {canApply && (
          <Button size="xs" variant="light" loading={apply.isPending} onClick={() => apply.mutate(key)}>
            Apply this translation to {formatCount(total)} {total === 1 ? 'key' : 'keys'}
          </Button>
        )}
      </Group>
      {query.isPending ? (
        <Stack gap={6}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} h={52} radius="md" />
          ))}
        </Stack>
      ) : query.isError ? (
        <Alert color="red" variant="light">
          Error loading associated content keys
        </Alert>
      ) : query.data.content_keys.length === 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text c="dimmed" fz="sm" ta="center">
            No associated content keys found
          </Text>
        </Paper>
      ) : (
        <Stack gap={6} data-testid="associated-keys">
          {query.data.content_keys.map((associated) => (
            <Paper key={associated.id} withBorder p="sm" radius="md">
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Stack gap={2} miw={0}>
                  <Text fz="sm" fw={600} truncate>
                    {associated.story_name}
                  </Text>
                  <Text fz="xs" c="dimmed" truncate>
                    {pathOf(associated.key)}
                  </Text>
                </Stack>
                <StatusBadge status={associated.status} />
              </Group>
              <Text fz="sm" mt={6} lineClamp={2} c={associated.translated_key_value_text ? undefined : 'dimmed'}>
                {associated.translated_key_value_text ?? 'No translation yet'}
              </Text>
            </Paper>
          ))}
          {total > ASSOCIATED_PAGE_SIZE && (
            <Group justify="center" mt={4}>
              <Pagination
                size="sm"
                total={Math.ceil(total / ASSOCIATED_PAGE_SIZE)}
                value={page}
                onChange={setPage}
                aria-label="Associated keys pages"
              />
            </Group>
          )}
        </Stack>
      )}
    </Stack>
  );
}
