import { Anchor, Button, Group, Loader, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { routes } from '#contract/routes.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { ApiTokenForm } from '#kit/components/api-token-form.tsx';
import { ApiTokenList } from '#kit/components/api-token-list.tsx';
import { ApiTokenSecret } from '#kit/components/api-token-secret.tsx';
import { ConfirmModal } from '#kit/components/confirm-modal.tsx';
import { notifyError, notifySuccess } from '#kit/components/notify.ts';
import {
  apiTokensQueryOptions,
  useCreateApiToken,
  useRevokeApiToken,
  type ApiToken,
} from '#kit/data/api-tokens.queries.ts';
import { useAccount } from './use-account.ts';

/** Today as the date input writes it (YYYY-MM-DD), in the browser's time zone. */
function localToday(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The profile's personal API tokens, for scripts and CI: list, create (secret shown once), revoke. */
export function ApiTokensSection() {
  const api = useApi();
  const account = useAccount();
  const tokens = useQuery(apiTokensQueryOptions(api));
  const create = useCreateApiToken();
  const revoke = useRevokeApiToken();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<{ name: string; secret: string } | null>(null);
  const [revoking, setRevoking] = useState<ApiToken | null>(null);
  const [today] = useState(localToday);
  const spaces = account.spaces
    .filter((space) => space.pivot.status === 'joined')
    .map((space) => ({ id: space.id, name: space.name, role: space.pivot.role }));

  return (
    <Stack gap="sm">
      <Group justify="space-between">
        <Text fw={600}>API tokens</Text>
        {!creating && !created && spaces.length > 0 && (
          <Button size="xs" variant="light" onClick={() => setCreating(true)}>
            New token
          </Button>
        )}
      </Group>
      <Text fz="sm" c="dimmed">
        For scripts and CI: a token goes to the API as <code>Authorization: Bearer</code>, as the{' '}
        <Anchor href={routes.showApiDocs.path} target="_blank" fz="sm">
          API documentation
        </Anchor>{' '}
        shows.
      </Text>
      {created && <ApiTokenSecret name={created.name} secret={created.secret} onDone={() => setCreated(null)} />}
      {creating && (
        <ApiTokenForm
          spaces={spaces}
          today={today}
          pending={create.isPending}
          onCancel={() => setCreating(false)}
          onSubmit={(input) =>
            create.mutate(input, {
              onSuccess: ({ token, secret }) => {
                setCreating(false);
                setCreated({ name: token.name, secret });
              },
              onError: (error) => notifyError('Token not created', error, 'The token could not be created.'),
            })
          }
        />
      )}
      {tokens.isPending && <Loader size="sm" />}
      {tokens.isError && (
        <Text fz="sm" c="red">
          The tokens could not be loaded.
        </Text>
      )}
      {tokens.data && <ApiTokenList tokens={tokens.data.tokens} now={tokens.dataUpdatedAt} onRevoke={setRevoking} />}
      {revoking && (
        <ConfirmModal
          title="Revoke API token"
          confirmLabel="Revoke token"
          pending={revoke.isPending}
          onClose={() => setRevoking(null)}
          onConfirm={() =>
            revoke.mutate(revoking.id, {
              onSuccess: () => {
                notifySuccess('Token revoked', `Scripts using “${revoking.name}” are refused from now on.`);
                setRevoking(null);
              },
              onError: (error) => notifyError('Token not revoked', error, 'The token could not be revoked.'),
            })
          }
        >
          <Text fz="sm">
            Scripts using “{revoking.name}” are refused from their next request. This cannot be undone.
          </Text>
        </ConfirmModal>
      )}
    </Stack>
  );
}
