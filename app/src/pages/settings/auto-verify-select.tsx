import { Select } from '@mantine/core';
import type { SpaceSettings } from '#contract/space-settings.ts';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { useUpdateSpaceSettings } from '#kit/data/space-settings.queries.ts';

const OFF = 'off';
const SUGGESTED = [60, 70, 75, 80, 85, 90, 95, 100];

const labelOf = (score: number) => `AI score ${score} or more`;

/**
 * Whether AI translations that score well enough are verified without a person: off by default. A threshold set
 * through the API that is not among the suggestions is offered too, so the select shows what is in force.
 */
export function AutoVerifySelect(props: { spaceId: number; settings: SpaceSettings; admin: boolean }) {
  const update = useUpdateSpaceSettings(props.spaceId);
  const current = props.settings.auto_verify_min_score;
  const scores =
    current === null || SUGGESTED.includes(current) ? SUGGESTED : [...SUGGESTED, current].sort((a, b) => a - b);
  const choices = [
    { value: OFF, label: 'Off: a person verifies every AI translation' },
    ...scores.map((score) => ({ value: String(score), label: labelOf(score) })),
  ];

  function choose(value: string | null) {
    if (value === null) return;
    const score = value === OFF ? null : Number(value);
    if (score === current) return;
    update.mutate(
      { auto_verify_min_score: score },
      {
        onSuccess: () =>
          notifySuccess(
            'Automatic verification updated',
            score === null
              ? 'Every AI translation now waits for a person.'
              : `AI translations scoring ${score} or more and passing every check are now verified automatically.`,
          ),
        onError: (failure) =>
          notifyError('Automatic verification not changed', failure, 'Could not change automatic verification'),
      },
    );
  }

  return (
    <Select
      label="Verify AI translations automatically"
      description="AI translations scoring at least this, with no QA problem and in the style guide's formality, are stored verified."
      data={choices}
      value={current === null ? OFF : String(current)}
      onChange={choose}
      allowDeselect={false}
      readOnly={!props.admin}
      disabled={update.isPending}
      maw={420}
    />
  );
}
