import { Select } from '@mantine/core';
import type { PublishRequirement } from '#contract/publish-rules.ts';
import type { SpaceSettings } from '#contract/space-settings.ts';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { useUpdateSpaceSettings } from '#kit/data/space-settings.queries.ts';

const choices: Array<{ value: PublishRequirement; label: string }> = [
  { value: 'verified', label: 'Every key verified' },
  { value: 'translated', label: 'Every key translated' },
];

/**
 * What a story needs in a language before Polyblok publishes that language in Storyblok. Admins choose,
 * everyone else reads it; where only verified translations are written, verified ones are needed anyway.
 */
export function PublishRuleSelect(props: { spaceId: number; settings: SpaceSettings; admin: boolean }) {
  const { spaceId, settings, admin } = props;
  const update = useUpdateSpaceSettings(spaceId);

  function choose(value: string | null) {
    const choice = choices.find((item) => item.value === value);
    if (!choice || choice.value === settings.publish_requires) return;
    update.mutate(
      { publish_requires: choice.value },
      {
        onSuccess: () =>
          notifySuccess(
            'Publishing rule updated',
            `A story is published in a language with ${choice.label.toLowerCase()}.`,
          ),
        onError: (failure) => notifyError('Publishing rule not changed', failure, 'Could not change the rule'),
      },
    );
  }

  return (
    <Select
      label="Ready to publish with"
      description={
        settings.write_back_mode === 'verified_only'
          ? 'Only verified translations go to Storyblok, so publishing needs every key verified whatever is chosen here.'
          : 'What every key of a story needs in a language before Polyblok publishes that language in Storyblok.'
      }
      data={choices}
      value={settings.publish_requires}
      onChange={choose}
      allowDeselect={false}
      readOnly={!admin}
      disabled={update.isPending}
      maw={420}
    />
  );
}
