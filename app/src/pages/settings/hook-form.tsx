import { Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import { HOOK_URL_MAX, hookEventLabels, hookEventTypes, type HookEventType } from '#contract/hook-rules.ts';
import { notifyError } from '#kit/components/notify.ts';
import { useCreateSpaceHook } from '#kit/data/space-hooks.queries.ts';

/** Adds a hook: the address and the events it is told about (all of them unless unticked). */
export function HookForm({ spaceId }: { spaceId: number }) {
  const create = useCreateSpaceHook(spaceId);
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<HookEventType[]>([...hookEventTypes]);
  const submit = () =>
    create.mutate(
      { url: url.trim(), events },
      {
        // What was typed stays on an error, to be corrected.
        onSuccess: () => {
          setUrl('');
          setEvents([...hookEventTypes]);
        },
        onError: (error) => notifyError('The webhook was not added', error, 'Please try again.'),
      },
    );
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        <TextInput
          label="Webhook URL"
          description="Polyblok posts each event here as JSON, signed with the webhook's secret."
          placeholder="https://example.com/hooks/polyblok"
          value={url}
          maxLength={HOOK_URL_MAX}
          onChange={(event) => setUrl(event.currentTarget.value)}
          required
        />
        <Checkbox.Group label="Events" value={events} onChange={(value) => setEvents(value as HookEventType[])}>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing={6} mt={6}>
            {hookEventTypes.map((type) => (
              <Checkbox key={type} value={type} label={hookEventLabels[type]} />
            ))}
          </SimpleGrid>
        </Checkbox.Group>
        <Group>
          <Button type="submit" loading={create.isPending} disabled={url.trim() === '' || events.length === 0}>
            Add webhook
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
