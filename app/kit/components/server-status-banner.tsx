import { Alert, Box } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useSyncExternalStore } from 'react';
import { useApi } from '../api/api-context.tsx';

/** How often the banner asks whether the server is back, unless the server said when (Retry-After). */
const DEFAULT_PROBE_SECONDS = 5;
const MAX_PROBE_SECONDS = 30;

export const SERVER_STATUS_TITLE = 'Changes cannot be saved right now';

const explanations = {
  database_unavailable:
    'Polyblok cannot reach its database at the moment. What you typed stays here: saving will be possible again shortly, and this message goes away by itself.',
  unreachable:
    'Polyblok cannot be reached. Check your connection; what you typed stays here, and saving will be possible again as soon as Polyblok answers.',
};

/**
 * Says so while the server answers that its database cannot be reached, or does not answer at all (the API
 * client's `serverStatus`, fed by every call). Meanwhile it asks the server's health now and then, and once an
 * answer comes it goes away and the data that failed to load is fetched again. Hosts place it above their
 * screens; it sticks to the top of the page (`--server-status-top` moves it below a fixed header).
 */
export function ServerStatusBanner() {
  const api = useApi();
  const queryClient = useQueryClient();
  const state = useSyncExternalStore(api.serverStatus.subscribe, api.serverStatus.current);
  const wasDown = useRef(false);

  useEffect(() => {
    if (state.kind === 'available') {
      if (wasDown.current) {
        wasDown.current = false;
        void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
      }
      return;
    }
    wasDown.current = true;
    const seconds = Math.min(Math.max(state.retryAfterSeconds ?? DEFAULT_PROBE_SECONDS, 1), MAX_PROBE_SECONDS);
    // Any answer of the server reports itself through the client; a failed probe only keeps the banner.
    const probe = setInterval(() => void api.call('getHealth', {}).catch(() => undefined), seconds * 1000);
    return () => clearInterval(probe);
  }, [state, api, queryClient]);

  if (state.kind === 'available') return null;
  return (
    <Box pos="sticky" style={{ top: 'var(--server-status-top, 0px)', zIndex: 150 }}>
      <Alert color="orange" variant="filled" radius={0} title={SERVER_STATUS_TITLE}>
        {explanations[state.kind]}
      </Alert>
    </Box>
  );
}
