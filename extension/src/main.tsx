// Mantine's stylesheets are imported once per host entry; the kit does not import CSS itself.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { Stack, Text } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProvider } from '#kit/app-provider.tsx';
import { Logo } from '#kit/logo.tsx';
import { usePageTitle } from '#kit/use-page-title.ts';

/** Placeholder for the per-story key editor that the Visual Editor sidebar will show. */
function ToolPanel() {
  usePageTitle('Tool panel');
  return (
    <Stack component="main" gap="sm" p="md">
      <Logo size={28} />
      <Text c="dimmed" fz="sm">
        Polyblok runs inside the Storyblok Visual Editor: open a story to translate its fields here.
      </Text>
    </Stack>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <AppProvider>
      <ToolPanel />
    </AppProvider>
  </StrictMode>,
);
