import { Alert, Loader, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconPuzzleOff } from '@tabler/icons-react';
import type { StoryDetail } from '#contract/content.ts';
import { formatDateTime } from '../format/format.ts';

const listOf = (names: string[]) => names.map((name) => `“${name}”`).join(', ');

/**
 * What the last sync could not bring in of this story: its content failed to import (the keys shown may be out
 * of date until a sync succeeds), or some of its components are gone from the space's schemas (their text is
 * not shown), or the running sync has not read it yet. Nothing when the whole story is in.
 */
export function StoryImportNotice({
  story,
}: {
  story: Pick<StoryDetail, 'import_problem' | 'skipped_components' | 'importing'>;
}) {
  const { import_problem: problem, skipped_components: skipped, importing } = story;
  if (!problem && skipped.length === 0 && !importing) return null;
  return (
    <Stack gap="xs" px="md" pb="sm">
      {importing && (
        <Alert color="blue" variant="light" icon={<Loader size={16} />} title="Importing…" role="status">
          <Text fz="sm">
            The space is being synced and this story’s content is read next. Its keys appear here as soon as it is in.
          </Text>
        </Alert>
      )}
      {problem && (
        <Alert
          color="orange"
          variant="light"
          icon={<IconAlertTriangle size={18} />}
          title="This story could not be imported from Storyblok"
          role="alert"
        >
          <Text fz="sm">{problem.reason}</Text>
          <Text fz="xs" c="dimmed" mt={4}>
            Last tried {formatDateTime(problem.at)}. Until an import succeeds, the keys shown here may be incomplete or
            out of date.
          </Text>
        </Alert>
      )}
      {skipped.length > 0 && (
        <Alert
          color="gray"
          variant="light"
          icon={<IconPuzzleOff size={18} />}
          title="Some content is not shown"
          role="status"
        >
          <Text fz="sm">
            This story uses {skipped.length === 1 ? 'the component' : 'the components'} {listOf(skipped)}, which the
            space’s component schemas no longer have, so {skipped.length === 1 ? 'its' : 'their'} text cannot be
            translated here. Add {skipped.length === 1 ? 'it' : 'them'} back in Storyblok’s block library and sync to
            translate {skipped.length === 1 ? 'it' : 'them'}.
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
