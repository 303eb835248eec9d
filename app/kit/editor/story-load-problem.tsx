import { Alert, Button, Center, EmptyState, Stack } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { ApiError } from '../api/api-client.ts';
import { errorMessage } from '../components/notify.ts';

/** A story that could not be read: gone from the space, or a failure to try again. */
export function StoryLoadProblem({ error, onRetry }: { error: Error; onRetry(): void }) {
  const gone = error instanceof ApiError && error.status === 404;
  return (
    <Center h="100%" p="xl">
      {gone ? (
        <EmptyState
          icon={<IconAlertTriangle size={28} />}
          withIndicatorBackground
          title="Story not found"
          description={errorMessage(error, 'This story is not in the space any more.')}
        />
      ) : (
        <Stack align="center" gap="sm" maw={420}>
          <Alert color="red" variant="light" title="The story could not be loaded">
            {errorMessage(error, 'Polyblok could not load this story. Try again.')}
          </Alert>
          <Button variant="default" onClick={onRetry}>
            Try again
          </Button>
        </Stack>
      )}
    </Center>
  );
}
