import { Button, Checkbox, Group, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCircleCheck, IconSparkles, IconX } from '@tabler/icons-react';
import type { TranslatableKey } from '#contract/content.ts';
import { formatCount, formatQuantity } from '../format/format.ts';
import { notifySuccess } from '../components/notify.ts';
import { verifyAfterChecks } from './confirm-verify.tsx';
import { useAskTranslations, useSetVerified } from './key-mutations.ts';

export interface SelectionBarProps {
  /** The keys of the tab on screen: what "select all" selects. */
  visible: TranslatableKey[];
  selected: TranslatableKey[];
  onSelectAll(selected: boolean): void;
  onClear(): void;
}

/** Select-all and what can be done to a selection: ask AI for it, verify it, unverify it. */
export function SelectionBar({ visible, selected, onSelectAll, onClear }: SelectionBarProps) {
  const asks = useAskTranslations();
  const verify = useSetVerified();
  const count = selected.length;
  const all = visible.length > 0 && visible.every((key) => selected.some((chosen) => chosen.id === key.id));

  const askAi = () => {
    const toAsk = selected.filter((key) => !key.has_translation_ask);
    if (toAsk.length === 0) {
      notifySuccess('Already on its way', 'Every selected key already has an AI translation under way.');
      return;
    }
    const run = () => {
      asks.mutate(toAsk, { onSuccess: onClear });
    };
    const replacing = toAsk.filter((key) => key.translated_key_value_text !== null).length;
    if (replacing === 0) return run();
    modals.openConfirmModal({
      title: 'Replace existing translations?',
      children: (
        <Text fz="sm">
          {formatQuantity(replacing, 'selected key already has', 'selected keys already have')} a translation. AI
          translates them again and replaces it; the new translation is unverified.
        </Text>
      ),
      labels: { confirm: 'Translate with AI', cancel: 'Cancel' },
      onConfirm: run,
    });
  };

  const setVerified = (verified: boolean) => {
    const eligible = selected.filter(
      (key) =>
        key.translated_key_value_text !== null &&
        !key.has_translation_ask &&
        (key.translated_key_reference_hash === key.hash) !== verified,
    );
    if (eligible.length === 0) {
      notifySuccess(
        'Nothing to change',
        verified
          ? 'None of the selected keys has an unverified translation.'
          : 'None of the selected keys is verified.',
      );
      return;
    }
    const run = () => verify.mutate({ keys: eligible, verified }, { onSuccess: onClear });
    if (verified) verifyAfterChecks(eligible, run);
    else run();
  };

  return (
    <Group justify="space-between" gap="sm" px="md" py={8} mih={44} wrap="nowrap">
      <Checkbox
        label={count > 0 ? `${formatCount(count)} selected` : 'Select all'}
        checked={all}
        indeterminate={count > 0 && !all}
        disabled={visible.length === 0}
        onChange={(event) => onSelectAll(event.currentTarget.checked)}
      />
      {count > 0 && (
        <Group gap="xs" wrap="nowrap">
          <Button size="xs" leftSection={<IconSparkles size={15} />} loading={asks.isPending} onClick={askAi}>
            Translate with AI
          </Button>
          <Button
            size="xs"
            variant="light"
            color="green"
            leftSection={<IconCircleCheck size={15} />}
            loading={verify.isPending && verify.variables?.verified === true}
            onClick={() => setVerified(true)}
          >
            Verify
          </Button>
          <Button
            size="xs"
            variant="default"
            loading={verify.isPending && verify.variables?.verified === false}
            onClick={() => setVerified(false)}
          >
            Unverify
          </Button>
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
            Clear
          </Button>
        </Group>
      )}
    </Group>
  );
}
