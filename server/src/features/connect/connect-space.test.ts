import { describe, expect, it } from 'vitest';
import { roleFromStoryblok } from './connect-space.ts';

describe('roleFromStoryblok', () => {
  it('makes Storyblok admins admins and every other collaborator a translator', () => {
    expect(roleFromStoryblok(['admin'])).toBe('admin');
    expect(roleFromStoryblok(['editor', 'Admin '])).toBe('admin');
    expect(roleFromStoryblok(['editor'])).toBe('translator');
    expect(roleFromStoryblok(['Content Reviewer'])).toBe('translator');
    expect(roleFromStoryblok([])).toBe('translator');
  });
});
