import { Select } from '@mantine/core';
import { MAX_STORYBLOK_REQUESTS_PER_SECOND, type SpaceSettings } from '#contract/space-settings.ts';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { useUpdateSpaceSettings } from '#kit/data/space-settings.queries.ts';

const PLAN_RATE = 'plan';

const choices = [
  { value: PLAN_RATE, label: 'As fast as the Storyblok plan allows' },
  ...Array.from({ length: MAX_STORYBLOK_REQUESTS_PER_SECOND }, (_, index) => ({
    value: String(index + 1),
    label: `At most ${index + 1} ${index === 0 ? 'request' : 'requests'} a second`,
  })),
];

/**
 * How fast Polyblok may ask Storyblok for this space. A team whose other integrations use the same token lowers
 * it to leave them room; admins choose, everyone else reads it.
 */
export function RequestRateSelect({
  spaceId,
  settings,
  admin,
}: {
  spaceId: number;
  settings: SpaceSettings;
  admin: boolean;
}) {
  const update = useUpdateSpaceSettings(spaceId);
  const current = settings.storyblok_requests_per_second;

  function choose(value: string | null) {
    if (value === null) return;
    const rate = value === PLAN_RATE ? null : Number(value);
    if (rate === current) return;
    const label = choices.find((choice) => choice.value === value)!.label;
    update.mutate(
      { storyblok_requests_per_second: rate },
      {
        onSuccess: () => notifySuccess('Request rate updated', `Polyblok now asks Storyblok ${label.toLowerCase()}.`),
        onError: (failure) => notifyError('Request rate not changed', failure, 'Could not change the request rate'),
      },
    );
  }

  return (
    <Select
      label="Requests to Storyblok"
      description="Lower it to leave room for other tools that use the same Storyblok token; syncs then take longer."
      data={choices}
      value={current === null ? PLAN_RATE : String(current)}
      onChange={choose}
      allowDeselect={false}
      readOnly={!admin}
      disabled={update.isPending}
      maw={420}
    />
  );
}
