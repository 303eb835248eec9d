import { Badge, Card, Group, Stack, Text, Title } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link } from 'react-router';
import { paymentFailed } from '#contract/billing-rules.ts';
import type { Space } from '#contract/spaces.ts';
import { CompletionBar } from '#kit/components/completion-bar.tsx';
import { spaceCompletion } from '#kit/format/completion.ts';
import { formatDate, formatQuantity } from '#kit/format/format.ts';
import { MemberAvatars } from '#kit/components/member-avatars.tsx';
import { roleColors } from '#kit/components/theme.ts';
import classes from './space-card.module.css';

// The trend loads after the cards, in a chunk of its own: the spaces list is the first screen.
const SpaceTrend = lazy(async () => ({ default: (await import('./space-trend.tsx')).SpaceTrend }));

// Only invitations need it, and with it the mutation machinery: the spaces list is on the first route.
const InvitationActions = lazy(async () => ({ default: (await import('./invitation-actions.tsx')).InvitationActions }));

const sinceLabel: Record<Space['pivot']['status'], string> = {
  joined: 'Joined',
  invited: 'Invited',
  requesting: 'Requested',
};

/** Where the membership or the space stands, when it is anything but a plain joined space. */
function StatusBadge({ space }: { space: Space }) {
  const { status } = space.pivot;
  if (status === 'invited')
    return (
      <Badge color="yellow" variant="light">
        Invitation
      </Badge>
    );
  if (status === 'requesting')
    return (
      <Badge color="gray" variant="light">
        Waiting for approval
      </Badge>
    );
  if (space.has_token_issue)
    return (
      <Badge color="red" variant="light">
        Invalid Token
      </Badge>
    );
  if (space.subscription && paymentFailed(space.subscription.status))
    return (
      <Badge color="orange" variant="light">
        Payment failed
      </Badge>
    );
  if (space.sync_batch_id)
    return (
      <Badge color="blue" variant="light">
        Syncing
      </Badge>
    );
  return null;
}

function Body({ space, footer, withTrend }: { space: Space; footer?: ReactNode; withTrend?: boolean }) {
  const percent = spaceCompletion(space);
  const members = space.users.filter((user) => user.pivot.status === 'joined');
  return (
    <>
      <Stack gap="sm" pb="md">
        <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm">
          <Title order={2} fz="lg" fw={650} className={classes.name}>
            {space.name}
          </Title>
          <Badge color={roleColors[space.pivot.role]} variant="light" className={classes.role}>
            {space.pivot.role}
          </Badge>
        </Group>
        <Group gap="xs" mih={22}>
          <Text fz="sm" c="dimmed">
            {formatQuantity(space.translatable_keys_count, 'source key', 'source keys')} ·{' '}
            {formatQuantity(space.space_locales.length, 'language', 'languages')}
          </Text>
          <StatusBadge space={space} />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <div style={{ flex: 1 }}>
            <CompletionBar value={percent} label={`Completion of ${space.name}`} />
          </div>
          {withTrend && (
            <Suspense fallback={null}>
              <SpaceTrend spaceId={space.id} name={space.name} />
            </Suspense>
          )}
        </Group>
      </Stack>
      <Group justify="space-between" className={classes.footer} wrap="nowrap" gap="sm">
        {members.length > 0 ? <MemberAvatars members={members} /> : <span />}
        <Text fz="xs" c="dimmed">
          {sinceLabel[space.pivot.status]} {formatDate(space.pivot.created_at)}
        </Text>
      </Group>
      {footer}
    </>
  );
}

/**
 * One membership on the spaces list. A joined space opens its languages; an invitation is answered here;
 * a request to join only waits for the space's admins.
 */
export function SpaceCard({ space }: { space: Space }) {
  const { status } = space.pivot;
  if (status === 'joined') {
    return (
      <Card component={Link} to={`/spaces/${space.id}/languages`} className={classes.card}>
        <Body space={space} withTrend />
      </Card>
    );
  }
  return (
    <Card className={classes.card} role="group" aria-label={space.name}>
      <Body
        space={space}
        footer={
          status === 'invited' ? (
            <Suspense fallback={null}>
              <InvitationActions space={space} />
            </Suspense>
          ) : (
            <Text fz="sm" c="dimmed" mt="sm">
              This space is already in Polyblok. Its admins have been asked to let you in.
            </Text>
          )
        }
      />
    </Card>
  );
}
