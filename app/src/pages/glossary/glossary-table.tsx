import { ActionIcon, Badge, Group, Stack, Table, Text, Tooltip, VisuallyHidden } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { GlossaryTerm } from '#contract/glossary.ts';

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

/** Spec: the glossary table, Term / Translation / Locales. */
export function GlossaryTable({ terms, editable, onEdit, onDelete }: GlossaryTableProps) {
  return (
    <Table.ScrollContainer minWidth={720}>
      <Table verticalSpacing="sm" highlightOnHover aria-label="Glossary terms">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w="34%">Term</Table.Th>
            <Table.Th w="30%">Translation</Table.Th>
            <Table.Th>Locales</Table.Th>
            {editable && (
              <Table.Th w={96}>
                <VisuallyHidden>Actions</VisuallyHidden>
              </Table.Th>
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {terms.map((term) => (
            <Table.Tr key={term.id}>
              <Table.Td>
                <Stack gap={4}>
                  <Text fz="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {term.translatable}
                  </Text>
                  {term.description && (
                    <Text fz="xs" c="dimmed" lineClamp={2}>
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
              {editable && (
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
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
                  </Group>
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
