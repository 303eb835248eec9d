import { Alert, Group, Radio, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import type { SpaceSettings } from '#contract/space-settings.ts';
import { ContentCard } from '#kit/components/content-card.tsx';
import { formatDateTime, formatQuantity, formatRelative } from '#kit/format/format.ts';
import { errorMessage, notifyError, notifySuccess } from '#kit/components/notify.ts';
import { hasRole } from '#contract/roles.ts';
import { useUpdateSpaceSettings } from '#kit/data/space-settings.queries.ts';
import { useCurrentSpace } from '../../space/current-space.ts';
import { AutoVerifySelect } from './auto-verify-select.tsx';
import { PublishRuleSelect } from './publish-rule-select.tsx';
import { RequestRateSelect } from './request-rate-select.tsx';
import { WriteBackFailures } from './write-back-failures.tsx';

const modes: Array<{ value: SpaceSettings['write_back_mode']; label: string; description: string }> = [
  {
    value: 'all',
    label: 'Every saved translation',
    description: 'What translators save goes to Storyblok, verified or not.',
  },
  {
    value: 'verified_only',
    label: 'Verified translations only',
    description: 'Storyblok only gets translations someone has verified.',
  },
];

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={2}>
      <Text fz="xs" c="dimmed" tt="uppercase" fw={600} style={{ letterSpacing: '0.04em' }}>
        {label}
      </Text>
      <Text fz="sm" fw={600}>
        {value}
      </Text>
    </Stack>
  );
}

export interface WriteBackCardProps {
  settings: SpaceSettings | undefined;
  error: unknown;
}

/** Where writing translations into Storyblok stands, and which ones go (admins choose). */
export function WriteBackCard({ settings, error }: WriteBackCardProps) {
  const { space, role } = useCurrentSpace();
  const update = useUpdateSpaceSettings(space.id);
  // The server lets admins change it (updateSpaceSettings); everyone else reads it.
  const admin = hasRole(role, 'admin');

  function choose(value: string) {
    const mode = modes.find((item) => item.value === value);
    if (!mode || mode.value === settings?.write_back_mode) return;
    update.mutate(
      { write_back_mode: mode.value },
      {
        onSuccess: () => notifySuccess('Write-back updated', `Storyblok now gets: ${mode.label.toLowerCase()}.`),
        onError: (failure) => notifyError('Write-back not changed', failure, 'Could not change what goes to Storyblok'),
      },
    );
  }

  return (
    <ContentCard
      title="Writing to Storyblok"
      subtitle="Translations are written into the Storyblok stories as field-level translations, never over a newer source edit."
    >
      {error ? (
        <Alert color="red" variant="light" title="The write-back status could not be loaded">
          {errorMessage(error, 'Please reload the page.')}
        </Alert>
      ) : !settings ? (
        <Skeleton h={120} />
      ) : (
        <>
          <Radio.Group
            label="What goes to Storyblok"
            value={settings.write_back_mode}
            onChange={choose}
            readOnly={!admin}
          >
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="xs">
              {modes.map((mode) => (
                <Radio.Card
                  key={mode.value}
                  value={mode.value}
                  p="md"
                  radius="md"
                  disabled={!admin || update.isPending}
                  aria-label={mode.label}
                >
                  <Group wrap="nowrap" align="flex-start" gap="sm">
                    <Radio.Indicator />
                    <Stack gap={2}>
                      <Text fz="sm" fw={600}>
                        {mode.label}
                      </Text>
                      <Text fz="xs" c="dimmed">
                        {mode.description}
                      </Text>
                    </Stack>
                  </Group>
                </Radio.Card>
              ))}
            </SimpleGrid>
          </Radio.Group>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <Figure label="Waiting" value={formatQuantity(settings.write_back.pending, 'story', 'stories')} />
            <Figure label="Failed" value={formatQuantity(settings.write_back.failed, 'story', 'stories')} />
            <Figure
              label="Last written"
              value={
                settings.write_back.last_written_at
                  ? `${formatRelative(settings.write_back.last_written_at)} (${formatDateTime(settings.write_back.last_written_at)})`
                  : 'Nothing written yet'
              }
            />
          </SimpleGrid>
          <WriteBackFailures spaceId={space.id} writeBack={settings.write_back} />
          <PublishRuleSelect spaceId={space.id} settings={settings} admin={admin} />
          <AutoVerifySelect spaceId={space.id} settings={settings} admin={admin} />
          <RequestRateSelect spaceId={space.id} settings={settings} admin={admin} />
        </>
      )}
    </ContentCard>
  );
}
