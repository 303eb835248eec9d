import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * Stands in for @floating-ui/react's `useMergeRefs` in Mantine's ScrollArea (see vite.config.ts): the same
 * merged callback ref, from the hook Mantine already ships. floating-ui takes the refs as one array.
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef(...refs);
}
