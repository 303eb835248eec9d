import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { useQuery } from '@tanstack/react-query';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createApiClient, type ApiClient } from '../api/api-client.ts';
import { useApi } from '../api/api-context.tsx';
import { accountQueryOptions } from '../data/account.queries.ts';
import { renderWithKit } from '../testing/render-kit.tsx';
import { SERVER_STATUS_TITLE, ServerStatusBanner } from './server-status-banner.tsx';

type Mode = 'up' | 'database down';

const me = {
  id: '00000000-0000-4000-8000-000000000001',
  name: 'Anna',
  email: 'anna@example.com',
  crisp_signature: null,
  crisp_website_id: null,
  spaces: [],
};

/**
 * A small real HTTP server in Polyblok's place, answering its health and the account as the server does when
 * it is up, or as it does while its database is down (503 database_unavailable with Retry-After).
 */
async function startPolyblok(port = 0) {
  let mode: Mode = 'up';
  const server: Server = createServer((req, res) => {
    const json = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      res.writeHead(status, { 'content-type': 'application/json', ...headers });
      res.end(JSON.stringify(body));
    };
    if (mode === 'database down') {
      json(
        503,
        { code: 'database_unavailable', message: 'Polyblok cannot reach its database right now.' },
        { 'retry-after': '1' },
      );
    } else if (req.url === '/api/health') {
      json(200, {
        status: 'ok',
        version: 'test',
        database: { status: 'up', kind: 'postgres' },
        queue: { status: 'up' },
      });
    } else if (req.url === '/api/me') {
      json(200, me);
    } else {
      json(404, { code: 'route_not_found', message: `There is no ${req.method} ${req.url} endpoint.` });
    }
  });
  server.listen(port, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address() as AddressInfo;
  return {
    port: address.port,
    baseUrl: `http://127.0.0.1:${address.port}`,
    set: (next: Mode) => {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

let polyblok: Awaited<ReturnType<typeof startPolyblok>> | null = null;
afterEach(async () => {
  await polyblok?.close();
  polyblok = null;
});

/** A screen's data, loaded through the kit's query options: the user's name, or that it could not be loaded. */
function AccountName() {
  const account = useQuery(accountQueryOptions(useApi(), me.id));
  if (account.isError) return <p>The account could not be loaded</p>;
  return <p>{account.data ? `Signed in as ${account.data.name}` : 'Loading'}</p>;
}

function renderBanner(api: ApiClient) {
  return renderWithKit(
    <>
      <ServerStatusBanner />
      <AccountName />
    </>,
    { api },
  );
}

const banner = () => screen.queryByRole('alert', { name: SERVER_STATUS_TITLE });
const LONG_ENOUGH = { timeout: 8_000 };

describe('ServerStatusBanner', () => {
  it('says changes cannot be saved while the database is away, then goes by itself and loads what failed', async () => {
    polyblok = await startPolyblok();
    polyblok.set('database down');
    renderBanner(createApiClient({ baseUrl: polyblok.baseUrl }));

    expect(await screen.findByRole('alert', { name: SERVER_STATUS_TITLE })).toHaveTextContent(
      /cannot reach its database.*What you typed stays here: saving will be possible again shortly/,
    );
    // The screen's own retries give up while the database is still away.
    expect(await screen.findByText('The account could not be loaded', {}, LONG_ENOUGH)).toBeVisible();
    expect(banner()).toBeVisible();

    polyblok.set('up');
    await waitFor(() => expect(banner()).not.toBeInTheDocument(), LONG_ENOUGH);
    expect(await screen.findByText('Signed in as Anna')).toBeVisible();
  }, 20_000);

  it('says Polyblok cannot be reached when nothing answers, and goes once a call succeeds again', async () => {
    polyblok = await startPolyblok();
    const { port } = polyblok;
    const api = createApiClient({ baseUrl: polyblok.baseUrl });
    renderBanner(api);
    expect(await screen.findByText('Signed in as Anna')).toBeVisible();
    expect(banner()).not.toBeInTheDocument();

    await polyblok.close();
    await expect(api.call('getHealth', {})).rejects.toMatchObject({ code: 'network_error' });
    expect(await screen.findByRole('alert', { name: SERVER_STATUS_TITLE })).toHaveTextContent(
      /Polyblok cannot be reached.*saving will be possible again as soon as Polyblok answers/,
    );

    polyblok = await startPolyblok(port);
    await api.call('getHealth', {});
    await waitFor(() => expect(banner()).not.toBeInTheDocument());
  }, 20_000);
});
