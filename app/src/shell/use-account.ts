import { useQuery } from '@tanstack/react-query';
import { accountQueryOptions, type Account } from '#kit/data/account.queries.ts';
import { useApi } from '#kit/api/api-context.tsx';
import { useSession } from '#kit/auth/auth-context.ts';

/** The signed-in account under the account guard, which renders nothing until it has loaded. */
export function useAccount(): Account {
  const api = useApi();
  const { session } = useSession();
  const { data } = useQuery(accountQueryOptions(api, session?.user.id ?? ''));
  if (!data) throw new Error('useAccount must be used under the account guard');
  return data;
}
