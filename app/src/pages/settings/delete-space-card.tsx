import { Button, Text } from '@mantine/core';
import { IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { ContentCard } from '#kit/components/content-card.tsx';
import { useCurrentSpace } from '../../space/current-space.ts';
import { DeleteSpaceModal } from './delete-space-modal.tsx';

/** The danger zone, for owners: deleting the space from Polyblok (Storyblok keeps its own). */
export function DeleteSpaceCard() {
  const { space } = useCurrentSpace();
  const [confirming, setConfirming] = useState(false);
  return (
    <ContentCard
      danger
      title="Delete space"
      subtitle="Removes the space from Polyblok for every member. This cannot be undone."
      rightSection={
        <Button color="red" variant="outline" leftSection={<IconTrash size={16} />} onClick={() => setConfirming(true)}>
          Delete space
        </Button>
      }
    >
      <Text fz="sm" c="dimmed">
        Its languages, imported stories, translations, glossary and members are deleted in Polyblok. The Storyblok space
        is not touched: its stories and the translations already written to it stay in Storyblok.
      </Text>
      {confirming && (
        <DeleteSpaceModal spaceId={space.id} spaceName={space.name} onClose={() => setConfirming(false)} />
      )}
    </ContentCard>
  );
}
