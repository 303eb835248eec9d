/**
 * The roles of a space and what each may do (spec section 6, PRODUCT.md's role table), declared once for the
 * server, which enforces them, and the browser, which hides what would be refused. No zod here: the browser
 * bundles this module.
 */

/** Highest first. */
export const roles = ['owner', 'admin', 'editor', 'translator', 'viewer'] as const;
export type Role = (typeof roles)[number];

/** Whether a member with `role` may do what needs at least `least`. */
export function hasRole(role: Role, least: Role): boolean {
  return roles.indexOf(role) <= roles.indexOf(least);
}

/** The least role for each action, named after the rows of the role table. */
export const leastRoleFor = {
  read: 'viewer',
  translate: 'translator',
  glossary: 'editor',
  translateFolder: 'editor',
  sync: 'editor',
  /**
   * Publishing translations in Storyblok puts them before the site's readers: a decision for the editors who
   * publish content, like running the AI over a folder, not part of translating (whose saves Storyblok keeps as
   * drafts until someone publishes).
   */
  publish: 'editor',
  languages: 'admin',
  members: 'admin',
  token: 'admin',
  settings: 'admin',
  subscription: 'owner',
  deleteSpace: 'owner',
} as const satisfies Record<string, Role>;

export type SpaceAction = keyof typeof leastRoleFor;

export function can(role: Role, action: SpaceAction): boolean {
  return hasRole(role, leastRoleFor[action]);
}

/** "an admin", "a translator": a role as a sentence names it. */
export function roleWithArticle(role: Role): string {
  return `${/^[aeiou]/.test(role) ? 'an' : 'a'} ${role}`;
}
