import { Button, SimpleGrid } from '@mantine/core';
import { lazy, Suspense, useState } from 'react';
import type { Space } from '#contract/spaces.ts';
import { PageLayout } from '#kit/components/page-layout.tsx';
import { usePageTitle } from '#kit/components/use-page-title.ts';
import { useAccount } from '../shell/use-account.ts';
import { SpaceCard } from './spaces/space-card.tsx';
import { Welcome } from './spaces/welcome.tsx';

// The dialog and its steps load on first use: the spaces list is on the first route.
const AddSpaceModal = lazy(async () => ({ default: (await import('./spaces/add-space-modal.tsx')).AddSpaceModal }));

const statusOrder: Record<Space['pivot']['status'], number> = { invited: 0, joined: 1, requesting: 2 };

/** Invitations first (they wait for an answer), then the spaces the user works in, then pending requests. */
function byStatus(a: Space, b: Space): number {
  return statusOrder[a.pivot.status] - statusOrder[b.pivot.status];
}

/** `/`: the user's spaces as cards, or the welcome screen for a user without any. */
export function SpacesHomePage() {
  usePageTitle('Spaces');
  const account = useAccount();
  const [opened, setOpened] = useState(false);
  // Stays mounted after the first opening so the closing transition can play.
  const [wanted, setWanted] = useState(false);
  const openModal = () => {
    setWanted(true);
    setOpened(true);
  };

  const modal = wanted && (
    <Suspense fallback={null}>
      <AddSpaceModal opened={opened} onClose={() => setOpened(false)} />
    </Suspense>
  );

  if (account.spaces.length === 0) {
    return (
      <>
        <Welcome account={account} onAddSpace={openModal} />
        {modal}
      </>
    );
  }
  return (
    <PageLayout title="Spaces" rightSection={<Button onClick={openModal}>Add a space</Button>} maxWidth={1200}>
      <SimpleGrid cols={{ base: 1, md: 2, xl: 3 }} spacing="lg">
        {[...account.spaces].sort(byStatus).map((space) => (
          <SpaceCard key={space.id} space={space} />
        ))}
      </SimpleGrid>
      {modal}
    </PageLayout>
  );
}
