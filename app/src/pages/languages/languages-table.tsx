import { ActionIcon, Badge, Group, Menu, Table, Text, Tooltip } from '@mantine/core';
import { IconDots, IconFeather, IconPencil, IconSend, IconTrash } from '@tabler/icons-react';
import { Link, useNavigate } from 'react-router';
import type { SpaceLocale } from '#contract/spaces.ts';
import { CompletionBar } from '#kit/components/completion-bar.tsx';
import { localeCompletion, unverifiedCount } from '#kit/format/completion.ts';
import { formatCount, formatDateTime, formatRelative } from '#kit/format/format.ts';
import classes from './languages-table.module.css';

export interface LanguagesTableProps {
  spaceId: number;
  locales: SpaceLocale[];
  sourceKeys: number;
  /** Admins get the row menu; null hides it. */
  onEdit: ((locale: SpaceLocale) => void) | null;
  onDelete: ((locale: SpaceLocale) => void) | null;
  onStyleGuide: ((locale: SpaceLocale) => void) | null;
  /** Opens the language's stories ready to publish (everyone reads it; editors publish). */
  onReadyToPublish: (locale: SpaceLocale) => void;
}

interface RowMenuProps {
  locale: SpaceLocale;
  onEdit: () => void;
  onStyleGuide: () => void;
  onDelete: () => void;
}

function RowMenu({ locale, onEdit, onStyleGuide, onDelete }: RowMenuProps) {
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={160}>
      <Menu.Target>
        <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${locale.name}`}>
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconPencil size={16} />} onClick={onEdit}>
          Edit
        </Menu.Item>
        <Menu.Item leftSection={<IconFeather size={16} />} onClick={onStyleGuide}>
          Style guide
        </Menu.Item>
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={onDelete}>
          Delete
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** Everyone opens a language's stories ready to publish; admins get the menu too. */
function LanguageActions({
  locale,
  onReadyToPublish,
  menu,
}: {
  locale: SpaceLocale;
  onReadyToPublish: () => void;
  menu: Omit<RowMenuProps, 'locale'> | null;
}) {
  return (
    <Group gap={4} wrap="nowrap" justify="flex-end">
      <Tooltip label="Ready to publish">
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Ready to publish in ${locale.name}`}
          onClick={onReadyToPublish}
        >
          <IconSend size={18} />
        </ActionIcon>
      </Tooltip>
      {menu && <RowMenu locale={locale} {...menu} />}
    </Group>
  );
}

/** The space's target languages; a row opens the content to translate in that language. */
export function LanguagesTable({
  spaceId,
  locales,
  sourceKeys,
  onEdit,
  onDelete,
  onStyleGuide,
  onReadyToPublish,
}: LanguagesTableProps) {
  const navigate = useNavigate();
  const contentPath = (locale: SpaceLocale) => `/spaces/${spaceId}/content?locale=${encodeURIComponent(locale.code)}`;
  const withMenu = onEdit !== null && onDelete !== null && onStyleGuide !== null;
  return (
    <Table.ScrollContainer minWidth={600}>
      <Table verticalSpacing="md" horizontalSpacing="md" highlightOnHover={false}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Language</Table.Th>
            <Table.Th ta="right">Missing</Table.Th>
            <Table.Th ta="right">Unverified</Table.Th>
            <Table.Th w="28%">Completion</Table.Th>
            <Table.Th>Last update</Table.Th>
            <Table.Th w={withMenu ? 92 : 56} aria-label="Actions" />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {locales.map((locale) => (
            <Table.Tr
              key={locale.id}
              className={classes.row}
              onClick={(event) => {
                // The row is a big target for the link in its first cell; the menu is not part of it.
                if ((event.target as HTMLElement).closest('a, button, [role="menu"]')) return;
                void navigate(contentPath(locale));
              }}
            >
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <Link to={contentPath(locale)} className={classes.name}>
                    {locale.name}
                  </Link>
                  {/* A short code shows whole beside a long name; a long one (up to 50 characters) ends in "…". */}
                  <Badge variant="light" color="gray" tt="none" ff="monospace" maw={112} style={{ flexShrink: 0 }}>
                    {locale.code}
                  </Badge>
                </Group>
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm" fw={locale.missing_translated_keys_count > 0 ? 600 : 400}>
                  {formatCount(locale.missing_translated_keys_count)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <Text fz="sm">{formatCount(unverifiedCount(locale))}</Text>
              </Table.Td>
              <Table.Td>
                <CompletionBar value={localeCompletion(locale, sourceKeys)} label={`Completion of ${locale.name}`} />
              </Table.Td>
              <Table.Td>
                {locale.last_translation_at ? (
                  <Text fz="sm" title={formatDateTime(locale.last_translation_at)}>
                    {formatRelative(locale.last_translation_at)}
                  </Text>
                ) : (
                  <Text fz="sm" c="dimmed">
                    No translations yet
                  </Text>
                )}
              </Table.Td>
              <Table.Td>
                <LanguageActions
                  locale={locale}
                  onReadyToPublish={() => onReadyToPublish(locale)}
                  menu={
                    withMenu
                      ? {
                          onEdit: () => onEdit(locale),
                          onStyleGuide: () => onStyleGuide(locale),
                          onDelete: () => onDelete(locale),
                        }
                      : null
                  }
                />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
