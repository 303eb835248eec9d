import { Button, Text } from '@mantine/core';
import { ContentCard } from '#kit/content-card.tsx';
import { PageLayout } from '#kit/page-layout.tsx';
import { usePageTitle } from '#kit/use-page-title.ts';
import { appConfig } from '../app-config.ts';

/** The spec's placeholder support page; the chat widget replaces it where one is configured. */
export function SupportPage() {
  usePageTitle('Support');
  return (
    <PageLayout title="Support" maxWidth={720}>
      <ContentCard title="Talk to the Polyblok team" subtitle="Questions, problems, ideas: we read every message.">
        <Text fz="sm">
          Write to <strong>{appConfig.supportEmail}</strong> with what you were doing and, if it helps, a screenshot. We
          answer as soon as we can.
        </Text>
        <Button component="a" href={`mailto:${appConfig.supportEmail}`} w="fit-content">
          Email the team
        </Button>
      </ContentCard>
    </PageLayout>
  );
}
