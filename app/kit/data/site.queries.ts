import { useQuery } from '@tanstack/react-query';
import type { SiteInfo } from '#contract/site.ts';
import { useApi } from '../api/api-context.tsx';

/** How this Polyblok is set up, as it tells anyone: it changes only with a restart, so it is read once. */
export function useSiteInfo() {
  const api = useApi();
  return useQuery<SiteInfo>({
    queryKey: ['site'],
    queryFn: () => api.call('getSiteInfo', {}),
    staleTime: Infinity,
    retry: false,
  });
}
