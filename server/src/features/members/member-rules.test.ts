import { describe, expect, it } from 'vitest';
import type { MembershipStatus, Role } from '#contract/spaces.ts';
import { assertMayGrant, assertMayManage, removesAnOwner, type Actor } from './member-rules.ts';

const owner: Actor = { userId: 'owner', role: 'owner' };
const admin: Actor = { userId: 'admin', role: 'admin' };
const target = (role: Role, status: MembershipStatus = 'joined', userId = 'someone') => ({ userId, role, status });

describe('who an admin or owner may manage', () => {
  it('lets an owner manage everyone', () => {
    for (const role of ['owner', 'admin', 'viewer'] as const)
      expect(() => assertMayManage(owner, target(role))).not.toThrow();
  });

  it('keeps owners and joined admins out of an admin’s reach, but not the admin themselves', () => {
    expect(() => assertMayManage(admin, target('owner'))).toThrow('change or remove an owner');
    expect(() => assertMayManage(admin, target('owner', 'invited'))).toThrow('change or remove an owner');
    expect(() => assertMayManage(admin, target('admin'))).toThrow('change or remove an admin');
    expect(() => assertMayManage(admin, target('admin', 'joined', 'admin'))).not.toThrow();
    // An invitation as admin is not a seat yet: the admins who may send it may withdraw it.
    expect(() => assertMayManage(admin, target('admin', 'invited'))).not.toThrow();
    expect(() => assertMayManage(admin, target('editor'))).not.toThrow();
  });
});

describe('which roles may be given', () => {
  it('lets admins let people in up to admin, and change roles only below it', () => {
    expect(() => assertMayGrant(admin, 'admin', 'invite')).not.toThrow();
    expect(() => assertMayGrant(admin, 'admin', 'approve')).not.toThrow();
    expect(() => assertMayGrant(admin, 'admin', 'change')).toThrow('make someone an admin');
    expect(() => assertMayGrant(admin, 'owner', 'invite')).toThrow('Only an owner of the space can invite an owner.');
    expect(() => assertMayGrant(admin, 'owner', 'change')).toThrow('make someone an owner');
    expect(() => assertMayGrant(admin, 'editor', 'change')).not.toThrow();
    expect(() => assertMayGrant(owner, 'owner', 'change')).not.toThrow();
  });
});

describe('removesAnOwner', () => {
  it('is about joined owners leaving or losing the role', () => {
    expect(removesAnOwner(target('owner'), null)).toBe(true);
    expect(removesAnOwner(target('owner'), 'admin')).toBe(true);
    expect(removesAnOwner(target('owner'), 'owner')).toBe(false);
    expect(removesAnOwner(target('owner', 'invited'), null)).toBe(false);
    expect(removesAnOwner(target('admin'), null)).toBe(false);
  });
});
