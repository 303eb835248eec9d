import { Button, List, SimpleGrid, Text } from '@mantine/core';
import type { Account } from '#kit/data/account.queries.ts';
import { ContentCard } from '#kit/components/content-card.tsx';
import { PageLayout } from '#kit/components/page-layout.tsx';

/** Spec: the welcome screen for a user with no spaces, with the two ways in. */
export function Welcome({ account, onAddSpace }: { account: Account; onAddSpace: () => void }) {
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
          <Button onClick={onAddSpace} w="fit-content">
            Add a space
          </Button>
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
