import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { accountKeys } from '#kit/data/account.queries.ts';

const POLL_MS = 2_000;
/** Stripe's webhook usually arrives within seconds; past a minute the card stops waiting and says so. */
const POLLS = 30;

/**
 * Back from a paid checkout (`?checkout=success`) before Stripe's webhook told the server: the account is read
 * again every two seconds until the space's subscription shows. Answers whether it is still waiting.
 */
export function useCheckoutReturn(subscribed: boolean): 'waiting' | 'late' | null {
  const queryClient = useQueryClient();
  const returned = new URLSearchParams(window.location.search).get('checkout') === 'success';
  const [polls, setPolls] = useState(0);
  const waiting = returned && !subscribed;
  useEffect(() => {
    if (!waiting || polls >= POLLS) return;
    const timer = setTimeout(() => {
      void queryClient.invalidateQueries({ queryKey: accountKeys.all });
      setPolls((count) => count + 1);
    }, POLL_MS);
    return () => clearTimeout(timer);
  }, [waiting, polls, queryClient]);
  if (!waiting) return null;
  return polls >= POLLS ? 'late' : 'waiting';
}
