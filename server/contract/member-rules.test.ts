import { describe, expect, it } from 'vitest';
import {
  grantableRoles,
  grantRefusal,
  manageRefusal,
  removesAnOwner,
  type MemberActor,
  type MembershipStatus,
} from './member-rules.ts';
import { roles, type Role } from './roles.ts';

const owner: MemberActor = { userId: 'owner', role: 'owner' };
const admin: MemberActor = { userId: 'admin', role: 'admin' };
const target = (role: Role, status: MembershipStatus = 'joined', userId = 'someone') => ({ userId, role, status });

describe('who a member may manage', () => {
  it('lets an owner manage everyone', () => {
    for (const role of roles) expect(manageRefusal(owner, target(role))).toBeNull();
  });

  it('keeps owners and joined admins out of an admin’s reach, but not the admin themselves', () => {
    expect(manageRefusal(admin, target('owner'))).toBe('Only an owner of the space can change or remove an owner.');
    expect(manageRefusal(admin, target('owner', 'invited'))).toMatch('change or remove an owner');
    expect(manageRefusal(admin, target('admin'))).toBe('Only an owner of the space can change or remove an admin.');
    expect(manageRefusal(admin, target('admin', 'joined', 'admin'))).toBeNull();
    // An invitation as admin is not a seat yet: the admins who may send it may withdraw it.
    expect(manageRefusal(admin, target('admin', 'invited'))).toBeNull();
    expect(manageRefusal(admin, target('editor'))).toBeNull();
  });

  it('lets nobody below admin manage others', () => {
    expect(manageRefusal({ userId: 'e', role: 'editor' }, target('viewer'))).toMatch('Only admins and owners');
  });
});

describe('which roles may be given', () => {
  it('lets admins let people in up to admin, and change roles only below it', () => {
    expect(grantRefusal('admin', 'admin', 'invite')).toBeNull();
    expect(grantRefusal('admin', 'admin', 'approve')).toBeNull();
    expect(grantRefusal('admin', 'admin', 'change')).toBe('Only an owner of the space can make someone an admin.');
    expect(grantRefusal('admin', 'owner', 'invite')).toBe('Only an owner of the space can invite an owner.');
    expect(grantRefusal('admin', 'owner', 'change')).toMatch('make someone an owner');
    expect(grantRefusal('admin', 'editor', 'change')).toBeNull();
    expect(grantRefusal('owner', 'owner', 'change')).toBeNull();
  });

  it('lists what each role may hand out, highest first', () => {
    expect(grantableRoles('owner', 'change')).toEqual(['owner', 'admin', 'editor', 'translator', 'viewer']);
    expect(grantableRoles('admin', 'invite')).toEqual(['admin', 'editor', 'translator', 'viewer']);
    expect(grantableRoles('admin', 'approve')).toEqual(['admin', 'editor', 'translator', 'viewer']);
    expect(grantableRoles('admin', 'change')).toEqual(['editor', 'translator', 'viewer']);
    expect(grantableRoles('editor', 'invite')).toEqual([]);
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
