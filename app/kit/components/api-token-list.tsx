import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { ApiToken } from '../data/api-tokens.queries.ts';
import { formatDate, formatDateTime } from '../format/format.ts';
import { roleLabels } from '../format/role-labels.ts';

export interface ApiTokenListProps {
  tokens: readonly ApiToken[];
  /** The time the list compares expiries with. */
  now: number;
  onRevoke(token: ApiToken): void;
}

function stateOf(token: ApiToken, now: number): { label: string; color: string } | null {
  if (token.revoked_at) return { label: 'Revoked', color: 'gray' };
  if (token.expires_at && Date.parse(token.expires_at) <= now) return { label: 'Expired', color: 'gray' };
  return null;
}

/** The user's tokens: name, spaces, role, when made, last used and expiring, and Revoke for those still working. */
export function ApiTokenList({ tokens, now, onRevoke }: ApiTokenListProps) {
  if (tokens.length === 0) {
    return (
      <Text fz="sm" c="dimmed">
        No API tokens yet.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {tokens.map((token) => {
        const state = stateOf(token, now);
        return (
          <Paper
            key={token.id}
            component="section"
            withBorder
            p="sm"
            radius="md"
            aria-label={`API token ${token.name}`}
          >
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <Stack gap={2} miw={0}>
                <Group gap="xs">
                  <Text fw={600} fz="sm">
                    {token.name}
                  </Text>
                  <Badge variant="light" size="sm">
                    {roleLabels[token.role]}
                  </Badge>
                  {state && (
                    <Badge variant="light" color={state.color} size="sm">
                      {state.label}
                    </Badge>
                  )}
                </Group>
                <Text fz="xs" c="dimmed">
                  {token.spaces.map((space) => space.name).join(', ') || 'No spaces left'}
                </Text>
                <Text fz="xs" c="dimmed">
                  Created {formatDate(token.created_at)} · Last used{' '}
                  {token.last_used_at ? formatDateTime(token.last_used_at) : 'never'} ·{' '}
                  {token.revoked_at
                    ? `Revoked ${formatDate(token.revoked_at)}`
                    : token.expires_at
                      ? `Expires ${formatDate(token.expires_at)}`
                      : 'Never expires'}
                </Text>
              </Stack>
              {!state && (
                <Button size="xs" variant="light" color="red" onClick={() => onRevoke(token)}>
                  Revoke
                </Button>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
