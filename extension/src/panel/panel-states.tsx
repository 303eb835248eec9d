import { Alert, Button, Center, Stack, Text, Title } from '@mantine/core';
import { Logo } from '#kit/components/logo.tsx';

/** The sign-in popup after it handed its code to the panel (it closes itself; some browsers refuse). */
export function HandedOverState() {
  return (
    <Center p="xl">
      <Stack align="center" gap="sm" maw={360}>
        <Logo size={32} />
        <Title order={1} fz="lg" ta="center">
          You are signed in
        </Title>
        <Text c="dimmed" fz="sm" ta="center">
          Polyblok is ready in the Storyblok Visual Editor. You can close this window.
        </Text>
      </Stack>
    </Center>
  );
}

/** /extension/ opened on its own: the panel needs the Visual Editor around it. */
export function OutsideEditorState() {
  return (
    <Stack p="md" gap="sm">
      <Logo size={28} />
      <Text fz="sm">
        Polyblok's panel runs inside the Storyblok Visual Editor. Open a story in Storyblok and choose Polyblok in the
        editor's tools to translate it here.
      </Text>
    </Stack>
  );
}

export function WaitingForEditorState() {
  return (
    <Stack p="md" gap="sm" role="status">
      <Logo size={28} />
      <Text fz="sm" c="dimmed">
        Waiting for the Visual Editor to tell Polyblok which story is open…
      </Text>
    </Stack>
  );
}

export function ConfigErrorState({ onRetry }: { onRetry(): void }) {
  return (
    <Stack p="md" gap="sm">
      <Alert color="red" variant="light" title="Polyblok cannot be reached">
        The panel could not load its settings. Check your connection and try again.
      </Alert>
      <Button variant="default" onClick={onRetry}>
        Try again
      </Button>
    </Stack>
  );
}
