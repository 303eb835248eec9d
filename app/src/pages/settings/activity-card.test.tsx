import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { getAuditLog, type AuditEvent } from '#contract/audit-log.ts';
import { fakeApi } from '#kit/testing/fake-api.ts';
import { renderWithKit } from '#kit/testing/render-kit.tsx';
import { ActivityCard } from './activity-card.tsx';

const event = (index: number, overrides: Partial<AuditEvent> = {}): AuditEvent => ({
  id: `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`,
  action: 'sync.started',
  actor_name: 'Ada Admin',
  target_type: null,
  target_id: null,
  target_name: null,
  detail: { trigger: 'manual' },
  at: new Date(Date.UTC(2026, 10, 27, 12, 60 - index)).toISOString(),
  ...overrides,
});

const newest = [
  event(1, { action: 'language.added', detail: { code: 'it', name: 'Italian' } }),
  event(2, {
    action: 'member.role_changed',
    target_type: 'user',
    target_name: 'Tess',
    detail: { from: 'translator', to: 'editor' },
  }),
  event(3, { action: 'ai_run.started', detail: { scope: 'folder', keys: 12, words: 1 } }),
];
const older = [event(4, { actor_name: null, detail: { trigger: 'scheduled' } }), event(5, { action: 'some.new_kind' })];

describe('the activity of a space in its settings', () => {
  it('tells each event as a sentence with who and when, and shows older ones on request', async () => {
    const api = fakeApi().on(getAuditLog, ({ query }) =>
      query.before === newest[2]!.id
        ? { events: older, next_before: null }
        : { events: newest, next_before: newest[2]!.id },
    );
    const { user } = renderWithKit(<ActivityCard spaceId={7} />, { api: api.client });
    const list = await screen.findByRole('list', { name: 'Activity' });
    const lines = () =>
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent);
    expect(lines()).toEqual([
      expect.stringMatching(/^Added the language Italian \(it\)Ada Admin · /),
      expect.stringMatching(/^Changed Tess’s role from translator to editorAda Admin · /),
      expect.stringMatching(/^Started an AI translation of 12 keys \(1 word\)Ada Admin · /),
    ]);

    await user.click(screen.getByRole('button', { name: 'Show older' }));
    expect(await within(list).findByText('Started a sync (scheduled)')).toBeInTheDocument();
    expect(lines()).toHaveLength(5);
    expect(lines()[3]).toMatch(/Polyblok · /);
    expect(lines()[4]).toMatch(/^some\.new_kind/);
    expect(screen.queryByRole('button', { name: 'Show older' })).toBeNull();
    expect(api.callsTo(getAuditLog).map((call) => call.query.before)).toEqual([undefined, newest[2]!.id]);
  });
});
