import { describe, expect, it } from 'vitest';
import { can, hasRole, roleWithArticle } from './roles.ts';

describe('roles', () => {
  it('orders the roles viewer < translator < editor < admin < owner', () => {
    expect(hasRole('owner', 'admin')).toBe(true);
    expect(hasRole('admin', 'owner')).toBe(false);
    expect(hasRole('translator', 'translator')).toBe(true);
    expect(hasRole('viewer', 'translator')).toBe(false);
  });

  it('follows the role table for screen actions', () => {
    expect(can('translator', 'translate')).toBe(true);
    expect(can('viewer', 'translate')).toBe(false);
    expect(can('translator', 'glossary')).toBe(false);
    expect(can('editor', 'sync')).toBe(true);
    expect(can('editor', 'members')).toBe(false);
    expect(can('admin', 'languages')).toBe(true);
    expect(can('admin', 'subscription')).toBe(false);
    expect(can('owner', 'subscription')).toBe(true);
    expect(can('admin', 'deleteSpace')).toBe(false);
    expect(can('owner', 'deleteSpace')).toBe(true);
  });

  it('names a role with its article, as a sentence does', () => {
    expect(['owner', 'admin', 'editor', 'translator', 'viewer'].map((role) => roleWithArticle(role as never))).toEqual([
      'an owner',
      'an admin',
      'an editor',
      'a translator',
      'a viewer',
    ]);
  });
});
