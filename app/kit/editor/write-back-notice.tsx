import { Alert, Button, Group, Loader, Text } from '@mantine/core';
import { IconCloudX } from '@tabler/icons-react';
import type { StoryDetail } from '#contract/content.ts';
import { formatDateTime, formatRelative } from '../format/format.ts';
import { useEditorContext } from './editor-context.ts';
import { useRetryWriteBack } from './write-back.queries.ts';

/**
 * Whether the story's translations in this language reached Storyblok: a write Storyblok refused (or that met an
 * outage) with its reason, when, and Retry for those who may translate; a quiet hint while a write waits; nothing
 * once written.
 */
export function WriteBackNotice({ story, language }: { story: Pick<StoryDetail, 'write_back'>; language?: string }) {
  const ctx = useEditorContext();
  const retry = useRetryWriteBack(ctx);
  const writeBack = story.write_back;
  if (writeBack?.state === 'failed') {
    return (
      <Alert
        color="red"
        variant="light"
        icon={<IconCloudX size={18} />}
        title={language ? `${language}: not written to Storyblok` : 'Not written to Storyblok'}
        role="alert"
        mx="md"
        mb="sm"
      >
        <Text fz="sm">{writeBack.error}</Text>
        <Group justify="space-between" align="center" gap="xs" mt={6}>
          <Text fz="xs" c="dimmed">
            {writeBack.at ? `Failed ${formatRelative(writeBack.at)} (${formatDateTime(writeBack.at)}). ` : ''}
            Your translations are kept in Polyblok.
          </Text>
          {ctx.canTranslate && (
            <Button size="xs" variant="light" color="red" loading={retry.isPending} onClick={() => retry.mutate()}>
              Retry
            </Button>
          )}
        </Group>
      </Alert>
    );
  }
  if (writeBack?.state === 'pending') {
    return (
      <Group gap={6} px="md" pb="xs" wrap="nowrap" align="flex-start" role="status">
        <Loader size={12} color="gray" mt={3} style={{ flexShrink: 0 }} />
        <div>
          <Text fz="xs" c="dimmed">
            {language ? `${language}: waiting` : 'Waiting'} to be written to Storyblok
          </Text>
          {writeBack.error && (
            <Text fz="xs" c="dimmed">
              {writeBack.error}
            </Text>
          )}
        </div>
      </Group>
    );
  }
  return null;
}
