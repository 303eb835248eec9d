import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { GlossaryTerm } from '#contract/glossary.ts';
import { RecordTable } from '#kit/components/record-table.tsx';

export interface GlossaryTableProps {
  terms: GlossaryTerm[];
  /** Editors and above change terms; for others the table only reads. */
  editable: boolean;
  onEdit: (term: GlossaryTerm) => void;
  onDelete: (term: GlossaryTerm) => void;
}

function LocalesCell({ term }: { term: GlossaryTerm }) {
  if (term.global) {
    return (
      <Tooltip label="Applies to every language of the space">
        <Badge variant="filled" color="brand">
          Global
        </Badge>
      </Tooltip>
    );
  }
  return (
    <Group gap={6}>
      {term.locales.map((locale) => (
        <Tooltip key={locale.id} label={locale.name}>
          <Badge variant="light" color="gray" tt="none">
            {locale.code}
          </Badge>
        </Tooltip>
      ))}
    </Group>
  );
}

function TermCells({ term }: { term: GlossaryTerm }) {
  return (
    <>
      <Table.Td>
        <Stack gap={4}>
          <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {term.translatable}
          </Text>
          {term.description && (
            <Text fz="xs" c="dimmed" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
              {term.description}
            </Text>
          )}
          {(term.case_sensitive || term.do_not_translate) && (
            <Group gap={6}>
              {term.case_sensitive && (
                <Badge size="xs" variant="outline" color="gray">
                  Case sensitive
                </Badge>
              )}
              {term.do_not_translate && (
                <Badge size="xs" variant="outline" color="orange">
                  Do not translate
                </Badge>
              )}
            </Group>
          )}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Text fz="sm" style={{ overflowWrap: 'anywhere' }}>
          {term.translated}
        </Text>
      </Table.Td>
      <Table.Td>
        <LocalesCell term={term} />
      </Table.Td>
    </>
  );
}

/** Spec: the glossary table, Term / Translation / Locales. */
export function GlossaryTable({ terms, editable, onEdit, onDelete }: GlossaryTableProps) {
  return (
    <RecordTable
      label="Glossary terms"
      minWidth={600}
      columns={[{ header: 'Term', width: '34%' }, { header: 'Translation', width: '30%' }, { header: 'Locales' }]}
      rows={terms}
      rowKey={(term) => term.id}
      cells={(term) => <TermCells term={term} />}
      actions={
        editable
          ? {
              width: 96,
              gap: 4,
              render: (term) => (
                <>
                  <ActionIcon
                    variant="subtle"
                    color="gray"
                    aria-label={`Edit ${term.translatable}`}
                    onClick={() => onEdit(term)}
                  >
                    <IconPencil size={18} stroke={1.6} />
                  </ActionIcon>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Delete ${term.translatable}`}
                    onClick={() => onDelete(term)}
                  >
                    <IconTrash size={18} stroke={1.6} />
                  </ActionIcon>
                </>
              ),
            }
          : undefined
      }
    />
  );
}
