import { Button, CloseButton, Group, Paper, Progress, Stack, Text } from '@mantine/core';
import { useTimeLeft } from '#kit/components/use-time-left.ts';
import { modals } from '@mantine/modals';
import { IconSparkles } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import type { FolderRunEstimate, TranslationBatch } from '#contract/content-writes.ts';
import { isFolderRunEstimate, startedRun } from '#contract/folder-run-rules.ts';
import type { SpaceLocale } from '#contract/spaces.ts';
import { accountKeys } from '#kit/data/account.queries.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { batchQueryOptions, contentKeys, isBatchRunning } from '#kit/editor/content.queries.ts';
import { formatCount, formatQuantity } from '#kit/format/format.ts';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { FolderRunCost } from './folder-run-cost.tsx';
import { useFolderRun, type FolderRun } from './folder-run.ts';

export interface TranslateFolderProps {
  spaceId: number;
  folderId: number | null;
  folderName: string;
  locale: SpaceLocale;
}

function announceEnd(batch: TranslationBatch, run: FolderRun) {
  const reason = batch.error ? ` ${batch.error}` : '';
  const failed =
    batch.failed > 0 ? ` ${formatQuantity(batch.failed, 'key', 'keys')} could not be translated.${reason}` : '';
  // A run that translated nothing because every key failed is a failure, whatever its status says.
  if (batch.status === 'completed' && (batch.done > 0 || batch.failed === 0)) {
    notifySuccess(
      'Folder translated with AI',
      `${formatQuantity(batch.done, 'key', 'keys')} of “${run.folderName}” translated into ${run.localeName}.${failed}`,
    );
  } else if (batch.status === 'cancelled') {
    notifySuccess(
      'AI translation stopped',
      `${formatCount(batch.done)} of ${formatQuantity(batch.total, 'key was', 'keys were')} translated before it stopped.`,
    );
  } else {
    notifyError('Folder translation failed', null, `The AI run for “${run.folderName}” failed.${failed}`);
  }
}

/**
 * "Translate folder with AI": every key of the folder (and its subfolders) still missing in the language is
 * asked of AI as one run, after a confirmation, with its progress and a way to stop it.
 */
export function TranslateFolder({ spaceId, folderId, folderName, locale }: TranslateFolderProps) {
  const api = useApi();
  const client = useQueryClient();
  const [run, setRun] = useFolderRun(spaceId);
  const batch = useQuery({ ...batchQueryOptions(api, run?.batchId ?? ''), enabled: run !== null });
  const seen = useRef<{ id: string; done: number; status: string } | null>(null);

  const body = { space_id: spaceId, folder_id: folderId, space_locale_id: locale.id };
  const start = useMutation({
    mutationFn: async () => startedRun(await api.call('translateFolder', { body })),
    onSuccess: (started) => {
      if (started.total === 0) {
        notifySuccess(
          'Nothing to translate',
          `Every key in “${folderName}” already has a translation in ${locale.name}.`,
        );
        return;
      }
      client.setQueryData(contentKeys.batch(started.id), started);
      setRun({ batchId: started.id, folderName, localeName: locale.name });
      // The open story now has asks under way: reading it again starts its 5-second refresh.
      void client.invalidateQueries({ queryKey: contentKeys.stories() });
    },
    onError: (error) => notifyError('Folder not translated', error, 'The AI run could not be started. Try again.'),
  });

  const cancel = useMutation({
    mutationFn: (batchId: string) => api.call('cancelTranslationBatch', { params: { batchId } }),
    onSuccess: (cancelled) => client.setQueryData(contentKeys.batch(cancelled.id), cancelled),
    onError: (error) => notifyError('AI run not stopped', error, 'The AI run could not be stopped. Try again.'),
  });

  // Progress moves the folder's missing counts; the end refreshes everything the run touched.
  useEffect(() => {
    const data = batch.data;
    if (!run || !data || data.id !== run.batchId) return;
    const before = seen.current?.id === data.id ? seen.current : null;
    seen.current = { id: data.id, done: data.done, status: data.status };
    if (before && before.done !== data.done) void client.invalidateQueries({ queryKey: contentKeys.folders(spaceId) });
    if (!isBatchRunning(data)) {
      void client.invalidateQueries({ queryKey: contentKeys.all });
      void client.invalidateQueries({ queryKey: accountKeys.all });
      announceEnd(data, run);
      setRun(null);
    }
  }, [batch.data, run, setRun, client, spaceId]);

  const confirm = (estimate: FolderRunEstimate) => {
    if (estimate.keys === 0) {
      notifySuccess(
        'Nothing to translate',
        `Every key in “${folderName}” already has a translation in ${locale.name}.`,
      );
      return;
    }
    modals.openConfirmModal({
      title: 'Translate folder with AI',
      children: (
        <Stack gap="xs">
          <Text fz="sm">
            Every key of <strong>{folderName}</strong> and its subfolders that has no translation in{' '}
            <strong>{locale.name}</strong> yet is translated with AI. Existing translations are kept.
          </Text>
          <FolderRunCost estimate={estimate} />
          <Text fz="sm" c="dimmed">
            The translations arrive as unverified. You can stop the run at any time; only what was translated by then
            counts.
          </Text>
        </Stack>
      ),
      labels: { confirm: 'Translate', cancel: 'Cancel' },
      confirmProps: { disabled: estimate.quota_left_after < 0 },
      onConfirm: () => start.mutate(),
    });
  };

  // The cost comes first: what the run takes is shown before anyone starts it.
  const estimate = useMutation({
    mutationFn: async () => {
      const answer = await api.call('translateFolder', { body: { ...body, dry_run: true } });
      if (!isFolderRunEstimate(answer)) throw new Error('the dry run started a run');
      return answer;
    },
    onSuccess: confirm,
    onError: (error) => notifyError('Folder not translated', error, 'What the run would take could not be read.'),
  });

  const data = batch.data && batch.data.id === run?.batchId ? batch.data : null;
  const finished = data ? data.done + data.failed : 0;
  const percent = data && data.total > 0 ? Math.round((finished / data.total) * 100) : 0;
  const timeLeft = useTimeLeft(data && isBatchRunning(data) ? data.id : null, finished, data?.total ?? 0);

  return (
    <Stack gap="xs">
      <Button
        variant="light"
        fullWidth
        leftSection={<IconSparkles size={16} />}
        loading={start.isPending || estimate.isPending}
        disabled={run !== null}
        onClick={() => estimate.mutate()}
      >
        Translate folder with AI
      </Button>
      {run && (
        <Paper withBorder p="sm" radius="md" role="status" aria-label="Folder translation progress">
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fz="sm" fw={600} truncate>
              Translating “{run.folderName}” into {run.localeName}
            </Text>
            {data === null && <CloseButton size="sm" aria-label="Hide progress" onClick={() => setRun(null)} />}
          </Group>
          <Progress
            value={percent}
            animated={data !== null && isBatchRunning(data)}
            mt="xs"
            aria-label="Keys translated"
          />
          <Group justify="space-between" mt={6} wrap="nowrap">
            <Text fz="xs" c="dimmed" data-testid="folder-progress">
              {data ? `${formatCount(finished)} of ${formatQuantity(data.total, 'key', 'keys')}` : 'Starting…'}
              {data && data.failed > 0 ? ` · ${formatCount(data.failed)} failed` : ''}
              {data && data.words_total > 0
                ? ` · ${formatCount(data.words_done)} of ${formatQuantity(data.words_total, 'word', 'words')}`
                : ''}
              {timeLeft && ` · ${timeLeft}`}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              loading={cancel.isPending}
              disabled={!data || !isBatchRunning(data)}
              onClick={() => data && cancel.mutate(data.id)}
            >
              Cancel
            </Button>
          </Group>
          {data?.error && (
            <Text fz="xs" c="red" mt={6}>
              {data.error}
            </Text>
          )}
        </Paper>
      )}
    </Stack>
  );
}
