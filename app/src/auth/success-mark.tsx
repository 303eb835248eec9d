import { ThemeIcon } from '@mantine/core';

/** The green tick over the auth screens' success views. */
export function SuccessMark() {
  return (
    <ThemeIcon size={48} radius="xl" color="green" variant="light" aria-hidden="true">
      <svg width="24" height="24" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.5">
        <path d="m5 12.5 4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </ThemeIcon>
  );
}
