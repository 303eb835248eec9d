import { describe, expect, it } from 'vitest';
import { inviteEmailSchema } from '#contract/members.ts';
import type { Role } from '#contract/roles.ts';
import type { SpaceUser } from '#contract/spaces.ts';
import { inviteEmailProblem } from '#contract/invite-rules.ts';
import { countByStatus, membersWithStatus, pageOf, revokeWording, rowPermissions } from './member-rules.ts';

let nextId = 0;
function user(role: Role, status: SpaceUser['pivot']['status'] = 'joined', name: string | null = null): SpaceUser {
  nextId += 1;
  const id = `00000000-0000-4000-8000-${String(nextId).padStart(12, '0')}`;
  return {
    id,
    name,
    email: `${name?.toLowerCase() ?? `user${nextId}`}@example.com`,
    pivot: { status, role, created_at: '2025-01-02T03:04:05.000Z' },
  };
}

describe('member rules', () => {
  it('split members by status, owners first and then by name', () => {
    const users = [
      user('translator', 'joined', 'Zoe'),
      user('owner', 'joined', 'Yann'),
      user('translator', 'joined', 'adam'),
      user('viewer', 'invited'),
      user('translator', 'requesting'),
    ];
    expect(membersWithStatus(users, 'joined').map((u) => u.name)).toEqual(['Yann', 'adam', 'Zoe']);
    expect(countByStatus(users)).toEqual({ joined: 3, invited: 1, requesting: 1 });
  });

  it('keep owners and joined admins out of an admin’s reach', () => {
    const admin = { id: 'me', role: 'admin' as const };
    const nothing = { revoke: false, approve: false, changeRole: false };
    expect(rowPermissions(admin, user('owner'))).toEqual(nothing);
    expect(rowPermissions(admin, user('owner', 'invited'))).toEqual(nothing);
    expect(rowPermissions(admin, user('admin'))).toEqual(nothing);
    expect(rowPermissions(admin, user('admin', 'invited'))).toEqual({ revoke: true, approve: false, changeRole: true });
    expect(rowPermissions(admin, user('translator'))).toEqual({ revoke: true, approve: false, changeRole: true });
    expect(rowPermissions({ id: 'me', role: 'owner' }, user('admin'))).toEqual({
      revoke: true,
      approve: false,
      changeRole: true,
    });
  });

  it('offer approval only on requests, and nothing below admin or on one’s own row', () => {
    const owner = { id: 'me', role: 'owner' as const };
    expect(rowPermissions(owner, user('translator', 'requesting'))).toEqual({
      revoke: true,
      approve: true,
      changeRole: false,
    });
    const self = { ...user('owner'), id: 'me' };
    expect(rowPermissions(owner, self)).toEqual({ revoke: false, approve: false, changeRole: false });
    expect(rowPermissions({ id: 'me', role: 'editor' }, user('viewer')).revoke).toBe(false);
  });

  it('word the revoke by status as the spec does', () => {
    expect(revokeWording.joined.action).toBe('Revoke access');
    expect(revokeWording.invited.action).toBe('Revoke invitation');
    expect(revokeWording.requesting.action).toBe('Reject request');
  });

  it('page a list and fall back to the last page when rows went away', () => {
    const items = Array.from({ length: 23 }, (_, i) => i);
    expect(pageOf(items, 3, 10)).toEqual({ items: [20, 21, 22], page: 3, pages: 3 });
    expect(pageOf(items.slice(0, 12), 3, 10)).toEqual({ items: [10, 11], page: 2, pages: 2 });
    expect(pageOf([], 1, 10)).toEqual({ items: [], page: 1, pages: 1 });
  });
});

describe('invite e-mail check', () => {
  it('refuses what the contract refuses, in its words', () => {
    for (const input of ['', '   ', 'not-an-address', 'a@b', `${'x'.repeat(320)}@example.com`]) {
      const parsed = inviteEmailSchema.safeParse(input);
      expect(parsed.success).toBe(false);
      expect(inviteEmailProblem(input)).toBe(parsed.error?.issues[0]?.message);
    }
  });

  it('accepts an ordinary address the contract accepts', () => {
    expect(inviteEmailSchema.safeParse(' ana@example.com ').success).toBe(true);
    expect(inviteEmailProblem(' ana@example.com ')).toBeNull();
  });
});
