import { Badge, Group, List, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Account } from '#kit/account.queries.ts';
import { ContentCard } from '#kit/content-card.tsx';
import { PageLayout } from '#kit/page-layout.tsx';
import { roleColors } from '#kit/theme.ts';
import { usePageTitle } from '#kit/use-page-title.ts';
import { useAccount } from '../shell/use-account.ts';

type Membership = Account['spaces'][number];

const statusLabels: Record<Membership['pivot']['status'], string | null> = {
  joined: null,
  invited: 'Invitation',
  requesting: 'Access requested',
};

const joinedFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' });

/** Spec: the welcome screen for a user with no spaces, with the two ways in. */
function Welcome({ account }: { account: Account }) {
  return (
    <PageLayout title={account.name ? `Welcome to Polyblok, ${account.name}` : 'Welcome to Polyblok'} maxWidth={960}>
      <Text c="dimmed" mt={-8}>
        You are not a member of any space yet. A space is one Storyblok space, its stories and their translations.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ContentCard title="Create a space" subtitle="Bring your own Storyblok space">
          <List type="ordered" spacing="xs" fz="sm">
            <List.Item>In Storyblok, open My account and create a personal access token.</List.Item>
            <List.Item>Add a space in Polyblok with that token and choose the Storyblok space to connect.</List.Item>
            <List.Item>
              Polyblok imports its stories and languages; you become the space owner and invite your team.
            </List.Item>
          </List>
        </ContentCard>
        <ContentCard title="Join by invitation" subtitle="Work in a space someone else set up">
          <Text fz="sm">
            Ask an admin of the space to invite <strong>{account.email}</strong>. Invitations appear on this page, where
            you can join or decline them.
          </Text>
        </ContentCard>
      </SimpleGrid>
    </PageLayout>
  );
}

function MembershipRow({ space }: { space: Membership }) {
  const status = statusLabels[space.pivot.status];
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" wrap="nowrap">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Title order={2} fz="md" fw={600} style={{ overflowWrap: 'anywhere' }}>
            {space.name}
          </Title>
          <Text fz="xs" c="dimmed">
            Since {joinedFormat.format(new Date(space.pivot.created_at))}
          </Text>
        </Stack>
        <Group gap="xs" wrap="nowrap">
          {status && (
            <Badge color="yellow" variant="light">
              {status}
            </Badge>
          )}
          <Badge color={roleColors[space.pivot.role]} variant="light">
            {space.pivot.role}
          </Badge>
        </Group>
      </Group>
    </Paper>
  );
}

/** `/`: the welcome screen, or the user's spaces with their role until the full spaces list arrives. */
export function SpacesHomePage() {
  usePageTitle('Spaces');
  const account = useAccount();
  if (account.spaces.length === 0) return <Welcome account={account} />;
  return (
    <PageLayout title="Spaces" maxWidth={960}>
      <Stack gap="sm">
        {account.spaces.map((space) => (
          <MembershipRow key={space.id} space={space} />
        ))}
      </Stack>
    </PageLayout>
  );
}
