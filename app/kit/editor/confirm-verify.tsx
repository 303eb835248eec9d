import { List, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import type { TranslatableKey } from '#contract/content.ts';
import { formatQuantity } from '../format/format.ts';
import { keyPath } from './key-label.ts';

/** At most this many keys with findings are named in the confirmation; the count says how many there are. */
const NAMED = 5;

/**
 * Verifying says a person reviewed the translations; when the checks found something in any of them, the
 * reviewer confirms having seen it first. Verifies at once when the checks found nothing.
 */
export function verifyAfterChecks(keys: TranslatableKey[], verify: () => void): void {
  const flagged = keys.filter((key) => key.qa.length > 0);
  if (flagged.length === 0) {
    verify();
    return;
  }
  const [only] = flagged;
  modals.openConfirmModal({
    title: 'Verify despite the checks?',
    children:
      keys.length === 1 && only ? (
        <>
          <Text fz="sm" mb="xs">
            The checks found something in this translation:
          </Text>
          <List size="sm" spacing={4}>
            {only.qa.map((problem) => (
              <List.Item key={`${problem.code}:${problem.message}`}>{problem.message}</List.Item>
            ))}
          </List>
        </>
      ) : (
        <>
          <Text fz="sm" mb="xs">
            The checks found something in {formatQuantity(flagged.length, 'translation', 'translations')} of the{' '}
            {formatQuantity(keys.length, 'selected key', 'selected keys')}:
          </Text>
          <List size="sm" spacing={4}>
            {flagged.slice(0, NAMED).map((key) => (
              <List.Item key={key.id}>
                <strong>{keyPath(key)}</strong>: {key.qa.map((problem) => problem.message).join(' ')}
              </List.Item>
            ))}
          </List>
          {flagged.length > NAMED && (
            <Text fz="sm" c="dimmed" mt="xs">
              and {formatQuantity(flagged.length - NAMED, 'more', 'more')}.
            </Text>
          )}
        </>
      ),
    labels: { confirm: 'Verify anyway', cancel: 'Cancel' },
    onConfirm: verify,
  });
}
