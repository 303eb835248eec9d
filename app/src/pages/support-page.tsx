import { Anchor, Button, Group, List, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { Link } from 'react-router';
import { ContentCard } from '#kit/components/content-card.tsx';
import { PageLayout } from '#kit/components/page-layout.tsx';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { appConfig } from '../app-config.ts';

const questions: Array<{ question: string; answer: string }> = [
  {
    question: 'Syncing stopped and the space says Invalid Token',
    answer:
      'Storyblok no longer accepts the token the space was connected with. An admin of the space provides a new personal access token in Settings; syncing and writing to Storyblok resume at once.',
  },
  {
    question: 'A translation does not show in Storyblok',
    answer:
      'Settings shows what is waiting to be written and what failed. When the space writes verified translations only, verify the key first.',
  },
  {
    question: 'AI translation says the allowance is used up',
    answer:
      'Each space has a daily allowance of AI words (1,000 with the Entry Plan). It renews at midnight (UTC); translating by hand always works.',
  },
];

/** /support: how to reach the Polyblok team (the chat replaces it where Crisp is configured). */
export function SupportPage() {
  usePageTitle('Support');
  const mailto = `mailto:${appConfig.supportEmail}?subject=${encodeURIComponent('Polyblok support')}`;
  return (
    <PageLayout title="Support" maxWidth={960}>
      <Text c="dimmed" mt={-8}>
        Questions, problems, ideas: the people who build Polyblok read every message.
      </Text>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <ContentCard
          title={
            <Group gap="sm">
              <ThemeIcon variant="light" radius="xl" size={32}>
                <IconMail size={18} />
              </ThemeIcon>
              Write to the team
            </Group>
          }
          subtitle="We answer as soon as we can."
        >
          <Text fz="sm">
            Send your message to{' '}
            <Anchor href={mailto} fz="sm" fw={600}>
              {appConfig.supportEmail}
            </Anchor>
            .
          </Text>
          <Button component="a" href={mailto} w="fit-content" leftSection={<IconMail size={16} />}>
            Email the team
          </Button>
        </ContentCard>
        <ContentCard title="Help us help you quickly" subtitle="A few details save a round of questions.">
          <List fz="sm" spacing={6}>
            <List.Item>The space’s name, and the story or language concerned</List.Item>
            <List.Item>What you did, what you expected, and what happened instead</List.Item>
            <List.Item>The exact message Polyblok showed, or a screenshot</List.Item>
          </List>
        </ContentCard>
      </SimpleGrid>
      <ContentCard title="Common questions">
        <Stack gap="md">
          {questions.map((item) => (
            <Stack key={item.question} gap={4}>
              <Text fw={600} fz="sm">
                {item.question}
              </Text>
              <Text fz="sm" c="dimmed">
                {item.answer}
              </Text>
            </Stack>
          ))}
          <Text fz="sm">
            <Anchor component={Link} to="/" fz="sm">
              Back to your spaces
            </Anchor>
          </Text>
        </Stack>
      </ContentCard>
    </PageLayout>
  );
}
