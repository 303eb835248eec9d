import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { ApiToken } from '../data/api-tokens.queries.ts';
import { renderWithKit } from '../testing/render-kit.tsx';
import { ApiTokenList } from './api-token-list.tsx';
import { ApiTokenSecret } from './api-token-secret.tsx';

const now = Date.parse('2026-12-07T12:00:00Z');
const token = (overrides: Partial<ApiToken>): ApiToken => ({
  id: '6f1c2d3e-4b5a-4c6d-8e7f-0123456789ab',
  name: 'Nightly export',
  role: 'editor',
  spaces: [{ id: 1, name: 'Main site' }],
  created_at: '2026-12-01T09:00:00.000Z',
  last_used_at: null,
  expires_at: null,
  revoked_at: null,
  ...overrides,
});

describe('ApiTokenList', () => {
  it('shows each token’s spaces, role and dates, and Revoke only for those still working', async () => {
    const onRevoke = vi.fn();
    const working = token({});
    const { user } = renderWithKit(
      <ApiTokenList
        now={now}
        onRevoke={onRevoke}
        tokens={[
          working,
          token({ id: 'a', name: 'Old', revoked_at: '2026-12-05T09:00:00.000Z' }),
          token({ id: 'b', name: 'Past', expires_at: '2026-12-06T09:00:00.000Z' }),
        ]}
      />,
    );
    const first = within(screen.getByRole('region', { name: 'API token Nightly export' }));
    expect(first.getByText('Editor')).toBeVisible();
    expect(first.getByText('Main site')).toBeVisible();
    expect(first.getByText(/Last used never · Never expires/)).toBeVisible();
    await user.click(first.getByRole('button', { name: 'Revoke' }));
    expect(onRevoke).toHaveBeenCalledExactlyOnceWith(working);

    const revoked = within(screen.getByRole('region', { name: 'API token Old' }));
    expect(revoked.getByText('Revoked')).toBeVisible();
    expect(revoked.queryByRole('button', { name: 'Revoke' })).toBeNull();
    const expired = within(screen.getByRole('region', { name: 'API token Past' }));
    expect(expired.getByText('Expired')).toBeVisible();
    expect(expired.queryByRole('button', { name: 'Revoke' })).toBeNull();
  });

  it('says when there is no token yet', () => {
    renderWithKit(<ApiTokenList now={now} onRevoke={vi.fn()} tokens={[]} />);
    expect(screen.getByText('No API tokens yet.')).toBeVisible();
  });
});

describe('ApiTokenSecret', () => {
  it('shows the new secret once with a warning, and a copy button', async () => {
    const onDone = vi.fn();
    const { user } = renderWithKit(<ApiTokenSecret name="CI" secret="pbk_secret-value" onDone={onDone} />);
    expect(screen.getByText('Copy the token “CI” now')).toBeVisible();
    expect(screen.getByText(/only time it is shown/)).toBeVisible();
    expect(screen.getByLabelText('New API token')).toHaveTextContent('pbk_secret-value');
    expect(screen.getByRole('button', { name: 'Copy token' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(onDone).toHaveBeenCalledOnce();
  });
});
