import { Text } from '@mantine/core';
import type { ReactNode } from 'react';

/** The line under an auth form that offers the other way in ('New to Polyblok? Create an account'). */
export function AuthFooterNote({ prompt, children }: { prompt: string; children: ReactNode }) {
  return (
    <Text ta="center" fz="sm" c="dimmed">
      {prompt} {children}
    </Text>
  );
}
