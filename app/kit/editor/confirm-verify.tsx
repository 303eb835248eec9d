import { List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TranslatableKey } from '#contract/content.ts';

/**
 * Verifying says a person reviewed the translation; when its checks found something, the reviewer confirms
 * having seen it first. Verifies at once when the checks found nothing.
 */
export function verifyAfterChecks(key: TranslatableKey, verify: () => void): void {
  if (key.qa.length === 0) {
    verify();
    return;
  }
  modals.openConfirmModal({
    title: 'Verify despite the checks?',
    children: (
      <>
        <Text fz="sm" mb="xs">
          The checks found something in this translation:
        </Text>
        <List size="sm" spacing={4}>
          {key.qa.map((problem) => (
            <List.Item key={`${problem.code}:${problem.message}`}>{problem.message}</List.Item>
          ))}
        </List>
      </>
    ),
    labels: { confirm: 'Verify anyway', cancel: 'Cancel' },
    onConfirm: verify,
  });
}
