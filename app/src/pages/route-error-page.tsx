import { Button, Group, Modal, Text } from '@mantine/core';
import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { usePageTitle } from '#kit/components/use-page-title.ts';

/** The spec's error fallback dialog for render errors anywhere under the router. */
export function RouteErrorPage() {
  const error = useRouteError();
  usePageTitle('Error');

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Modal
      opened
      onClose={() => undefined}
      withCloseButton={false}
      closeOnClickOutside={false}
      closeOnEscape={false}
      centered
      title="An error occurred"
      styles={{ title: { fontWeight: 650, fontSize: 'var(--mantine-font-size-lg)' } }}
    >
      <Text c="dimmed">You can either go back to homepage or try refresh the current page</Text>
      <Group justify="flex-end" mt="lg">
        <Button variant="default" onClick={() => window.location.reload()}>
          Refresh
        </Button>
        {/* A full load rather than a router navigation: the state that crashed should not survive. */}
        <Button onClick={() => window.location.assign('/')}>Back to homepage</Button>
      </Group>
    </Modal>
  );
}
