import { act, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithKit } from '../testing/render-kit.tsx';
import { notifyFailure, notifySuccess } from './notify.ts';

describe('notifications on one topic', () => {
  it('show the latest only: a failure takes the place of the start it follows', async () => {
    renderWithKit(<div />);
    act(() => notifySuccess('Sync started', 'Synchronization with Storyblok has been started', { topic: 'sync-1' }));
    expect(await screen.findByText('Sync started')).toBeVisible();

    act(() => notifyFailure('Sync failed', 'Storyblok refused the token', { topic: 'sync-1' }));
    expect(await screen.findByText('Sync failed')).toBeVisible();
    await waitFor(() => expect(screen.queryByText('Sync started')).not.toBeInTheDocument());
  });

  it('leave notifications of other topics, or of none, alone', async () => {
    renderWithKit(<div />);
    act(() => notifySuccess('Sync started', 'One space', { topic: 'sync-1' }));
    act(() => notifySuccess('Term added successfully', 'Glossary'));
    act(() => notifyFailure('Sync failed', 'Another space', { topic: 'sync-2' }));

    expect(await screen.findByText('Sync failed')).toBeVisible();
    expect(screen.getByText('Sync started')).toBeVisible();
    expect(screen.getByText('Term added successfully')).toBeVisible();
  });
});
