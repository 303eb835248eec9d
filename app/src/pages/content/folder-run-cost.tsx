import { Alert, List, Text } from '@mantine/core';
import type { FolderRunEstimate } from '#contract/content-writes.ts';
import { formatCount, formatQuantity } from '#kit/format/format.ts';

/** What a folder run will take, as its confirmation shows it: keys, words, model requests and today's words left. */
export function FolderRunCost({ estimate }: { estimate: FolderRunEstimate }) {
  const over = estimate.quota_left_after < 0;
  return (
    <>
      <List size="sm" spacing={2} aria-label="What this run takes">
        <List.Item>{formatQuantity(estimate.keys, 'key', 'keys')} to translate</List.Item>
        <List.Item>{formatQuantity(estimate.words, 'word', 'words')} of today’s AI allowance</List.Item>
        <List.Item>
          About {formatQuantity(estimate.model_requests, 'model request', 'model requests')} (translating and scoring)
        </List.Item>
        {estimate.memory_reused > 0 && (
          <List.Item>
            {formatQuantity(estimate.memory_reused, 'key', 'keys')} filled from earlier translations
          </List.Item>
        )}
      </List>
      {over ? (
        <Alert color="red" title="Not enough AI words left today">
          This run needs {formatCount(-estimate.quota_left_after)} more words than are left today. Translate a smaller
          folder, or wait until the allowance renews at midnight (UTC).
        </Alert>
      ) : (
        <Text fz="sm" c="dimmed">
          {formatQuantity(estimate.quota_left_after, 'word', 'words')} of today’s allowance will be left after it.
        </Text>
      )}
    </>
  );
}
