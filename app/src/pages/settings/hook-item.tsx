import { ActionIcon, Badge, Button, Card, Group, PasswordInput, Stack, Switch, Text, Tooltip } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { hookEventLabels } from '#contract/hook-rules.ts';
import type { SpaceHook } from '#contract/space-hooks.ts';
import { ConfirmModal } from '#kit/components/confirm-modal.tsx';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import { useDeleteSpaceHook, useSendHookTestEvent, useUpdateSpaceHook } from '#kit/data/space-hooks.queries.ts';
import { formatDateTime } from '#kit/format/format.ts';
import { CopyAction } from './copy-action.tsx';
import { HookDeliveries } from './hook-deliveries.tsx';
import { DeliveryStatusBadge } from './hook-status.tsx';

/** One hook: its address and events, on or off, its secret, a test event, and its recent deliveries. */
export function HookItem({ spaceId, hook }: { spaceId: number; hook: SpaceHook }) {
  const update = useUpdateSpaceHook(spaceId);
  const remove = useDeleteSpaceHook(spaceId);
  const test = useSendHookTestEvent(spaceId);
  const [showDeliveries, setShowDeliveries] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const last = hook.last_delivery;
  return (
    <Card withBorder padding="md" aria-label={`Webhook ${hook.url}`} component="section">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" align="flex-start">
          <Stack gap={4} miw={0}>
            <Text fw={600} fz="sm" style={{ overflowWrap: 'anywhere' }}>
              {hook.url}
            </Text>
            <Group gap={6}>
              {last ? (
                <>
                  <DeliveryStatusBadge status={last.status} attempts={last.attempts} />
                  <Text fz="xs" c="dimmed">
                    Last event {formatDateTime(last.at)}
                    {last.status_code !== null && ` · ${last.status_code}`}
                  </Text>
                </>
              ) : (
                <Text fz="xs" c="dimmed">
                  No events sent yet
                </Text>
              )}
            </Group>
          </Stack>
          <Group gap="xs" wrap="nowrap">
            <Switch
              label="Active"
              checked={hook.active}
              disabled={update.isPending}
              onChange={(event) =>
                update.mutate(
                  { hookId: hook.id, active: event.currentTarget.checked },
                  { onError: (error) => notifyError('The webhook was not changed', error, 'Please try again.') },
                )
              }
            />
            <Tooltip label="Delete webhook">
              <ActionIcon variant="subtle" color="red" aria-label="Delete webhook" onClick={() => setConfirming(true)}>
                <IconTrash size={16} />
              </ActionIcon>
            </Tooltip>
          </Group>
        </Group>
        <Group gap={6}>
          {hook.events.map((event) => (
            <Tooltip key={event} label={hookEventLabels[event]}>
              <Badge variant="outline" color="gray" tt="none">
                {event}
              </Badge>
            </Tooltip>
          ))}
        </Group>
        <PasswordInput
          label="Signing secret"
          description="Check the Polyblok-Signature header with it: HMAC-SHA256 of the body, in hex."
          value={hook.secret}
          readOnly
          leftSection={<CopyAction value={hook.secret} label="Copy secret" />}
        />
        <Group gap="sm">
          <Button
            variant="default"
            size="xs"
            loading={test.isPending}
            onClick={() =>
              test.mutate(hook.id, {
                onSuccess: () => {
                  setShowDeliveries(true);
                  notifySuccess('Test event queued', 'It shows in the recent deliveries as it goes.');
                },
                onError: (error) => notifyError('The test event was not sent', error, 'Please try again.'),
              })
            }
          >
            Send test event
          </Button>
          <Button variant="subtle" size="xs" onClick={() => setShowDeliveries((shown) => !shown)}>
            {showDeliveries ? 'Hide recent deliveries' : 'Show recent deliveries'}
          </Button>
        </Group>
        {showDeliveries && <HookDeliveries spaceId={spaceId} hookId={hook.id} />}
      </Stack>
      {confirming && (
        <ConfirmModal
          title="Delete webhook"
          confirmLabel="Delete webhook"
          pending={remove.isPending}
          onClose={() => setConfirming(false)}
          onConfirm={() =>
            remove.mutate(hook.id, {
              onSuccess: () => setConfirming(false),
              onError: (error) => notifyError('The webhook was not deleted', error, 'Please try again.'),
            })
          }
        >
          <Text fz="sm">Polyblok stops sending events to {hook.url}, and its recent deliveries are removed.</Text>
        </ConfirmModal>
      )}
    </Card>
  );
}
