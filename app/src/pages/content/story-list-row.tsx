import { Badge, Group, Text, Tooltip } from '@mantine/core';
import { IconCircleCheck, IconCloudX, IconDatabase, IconFileText, IconFolder } from '@tabler/icons-react';
import type { StoryListItem } from '#contract/content.ts';
import { formatCount, formatQuantity } from '#kit/format/format.ts';
import classes from './content-page.module.css';
import { RowLink } from './row-link.tsx';

const publicationLabels: Record<StoryListItem['publication'], string> = {
  folder: 'Folder',
  unpublished: 'Unpublished',
  published: 'Published',
  published_with_changes: 'Published with changes',
  datasource: 'Datasource',
};

function Progress({ item }: { item: StoryListItem }) {
  if (item.is_ignored) {
    return (
      <Tooltip label="Left out of translation">
        <Badge size="sm" color="gray" variant="light" style={{ flexShrink: 0 }}>
          Ignored
        </Badge>
      </Tooltip>
    );
  }
  if (item.importing) {
    return (
      <Tooltip label="The sync has listed this story and reads its content soon; opening it brings it in first">
        <Badge size="sm" color="blue" variant="light" style={{ flexShrink: 0 }}>
          Importing…
        </Badge>
      </Tooltip>
    );
  }
  if (item.translatable_keys_count === 0) return null;
  if (item.missing_translated_keys_count > 0) {
    return (
      <Tooltip
        label={`${formatCount(item.missing_translated_keys_count)} of ${formatQuantity(item.translatable_keys_count, 'key', 'keys')} ${item.missing_translated_keys_count === 1 ? 'has' : 'have'} no translation`}
      >
        <Badge size="sm" color="red" variant="light" style={{ flexShrink: 0 }}>
          {formatCount(item.missing_translated_keys_count)} missing
        </Badge>
      </Tooltip>
    );
  }
  const unverified = item.missing_validated_translated_keys_count;
  if (unverified > 0) {
    return (
      <Badge size="sm" color="yellow" variant="light" style={{ flexShrink: 0 }}>
        {formatCount(unverified)} to verify
      </Badge>
    );
  }
  return (
    <Tooltip label="Every key is translated and verified">
      <IconCircleCheck
        size={18}
        color="var(--mantine-color-green-6)"
        aria-label="Translated and verified"
        style={{ flexShrink: 0 }}
      />
    </Tooltip>
  );
}

/** A story whose translations in the language Storyblok refused (or could not take): why, on hover or focus. */
function WriteBackFailed({ item }: { item: StoryListItem }) {
  if (!item.write_back_failed) return null;
  const label = `Not written to Storyblok: ${item.write_back_error ?? 'Storyblok refused the change.'}`;
  return (
    <Tooltip label={label} multiline w={280}>
      <IconCloudX
        size={18}
        color="var(--mantine-color-red-6)"
        role="img"
        aria-label={label}
        data-testid="write-back-failed"
        style={{ flexShrink: 0 }}
      />
    </Tooltip>
  );
}

/** A folder or story of the list, as a link: its publication state and what is missing in the language. */
export function StoryListRow({ item, active, href }: { item: StoryListItem; active: boolean; href: string }) {
  const Icon = item.is_folder ? IconFolder : item.publication === 'datasource' ? IconDatabase : IconFileText;
  return (
    <RowLink href={href} active={active} testId="story-row">
      <Group gap="sm" wrap="nowrap">
        <Icon
          size={18}
          color={item.is_folder ? 'var(--mantine-color-yellow-7)' : 'var(--mantine-color-gray-6)'}
          style={{ flexShrink: 0 }}
          aria-hidden
        />
        <div style={{ flex: 1, minWidth: 0 }}>
          <Text fz="sm" fw={active ? 600 : 500} truncate>
            {item.name}
          </Text>
          <Group gap={6} wrap="nowrap">
            <span className={classes.publicationDot} data-publication={item.publication} aria-hidden />
            <Text fz="xs" c="dimmed" truncate data-testid="publication">
              {publicationLabels[item.publication]}
            </Text>
          </Group>
        </div>
        <WriteBackFailed item={item} />
        <Progress item={item} />
      </Group>
    </RowLink>
  );
}
