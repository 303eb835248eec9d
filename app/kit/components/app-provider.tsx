import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '../api/query-client.ts';
import { theme } from './theme.ts';

export interface AppProviderProps {
  children: ReactNode;
  /** Injected by tests that need to inspect or seed the cache; each host gets its own otherwise. */
  queryClient?: QueryClient;
  /** 'test' turns Mantine's transitions and portals off, which jsdom cannot lay out (component tests). */
  env?: 'default' | 'test';
}

/** Everything a Polyblok surface needs around its screens; CSS is imported by each host entry. */
export function AppProvider({ children, queryClient, env }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={client}>
        <Notifications position="bottom-right" limit={5} />
        <ModalsProvider>{children}</ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
