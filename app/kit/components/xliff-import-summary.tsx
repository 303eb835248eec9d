import { Alert, Badge, Group, List, ScrollArea, Stack, Text } from '@mantine/core';
import type { XliffImportResult, XliffSkippedUnit } from '#contract/xliff.ts';
import { formatQuantity } from '../format/format.ts';

const reasonLabels: Record<XliffSkippedUnit['reason'], { label: string; color: string }> = {
  source_changed: { label: 'Source changed', color: 'orange' },
  invalid: { label: 'Not valid', color: 'red' },
  unknown: { label: 'Unknown key', color: 'gray' },
};

export interface XliffImportSummaryProps {
  result: XliffImportResult;
  /** The language imported into ("German"). */
  localeName: string;
}

/** What an XLIFF import did: how many translations it stored, and each unit it did not apply, with why. */
export function XliffImportSummary({ result, localeName }: XliffImportSummaryProps) {
  const notApplied = result.source_changed + result.invalid + result.unknown;
  return (
    <Stack gap="sm">
      <Alert color={result.applied > 0 ? 'green' : 'gray'} variant="light" title="Import finished">
        {formatQuantity(result.applied, 'translation', 'translations')} stored in {localeName}, unverified
        {result.unchanged > 0 ? `; ${formatQuantity(result.unchanged, 'unit', 'units')} changed nothing` : ''}.
      </Alert>
      {notApplied > 0 && (
        <>
          <Group gap="xs">
            <Text fw={600} fz="sm">
              {formatQuantity(notApplied, 'unit', 'units')} not applied
            </Text>
            {result.source_changed > 0 && <Badge color="orange">{result.source_changed} source changed</Badge>}
            {result.invalid > 0 && <Badge color="red">{result.invalid} not valid</Badge>}
            {result.unknown > 0 && <Badge color="gray">{result.unknown} unknown</Badge>}
          </Group>
          <ScrollArea.Autosize mah={320}>
            <List spacing="xs" listStyleType="none" aria-label="Units not applied">
              {result.skipped.map((unit, index) => {
                const reason = reasonLabels[unit.reason];
                const story = unit.story_name ?? (unit.story_id === null ? 'No story' : `Story ${unit.story_id}`);
                return (
                  <List.Item key={`${unit.story_id}:${unit.key}:${index}`}>
                    <Group gap="xs" wrap="nowrap" align="flex-start">
                      <Badge color={reason.color} variant="light" style={{ flexShrink: 0 }}>
                        {reason.label}
                      </Badge>
                      <Stack gap={0} miw={0}>
                        <Text fz="sm" truncate title={unit.key}>
                          {story} · {unit.key}
                        </Text>
                        <Text fz="xs" c="dimmed">
                          {unit.message}
                        </Text>
                      </Stack>
                    </Group>
                  </List.Item>
                );
              })}
            </List>
          </ScrollArea.Autosize>
        </>
      )}
    </Stack>
  );
}
