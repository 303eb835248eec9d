import type { Role } from '#contract/roles.ts';

export const roleLabels: Readonly<Record<Role, string>> = {
  owner: 'Owner',
  admin: 'Admin',
  editor: 'Editor',
  translator: 'Translator',
  viewer: 'Viewer',
};

/** What each role may do, in the role table's words, to help choose one. */
export const roleDescriptions: Readonly<Record<Role, string>> = {
  owner: 'Everything, including the subscription and the roles of admins',
  admin: 'Manages languages, members and the Storyblok token',
  editor: 'Edits the glossary, translates folders with AI and syncs',
  translator: 'Translates, asks the AI and verifies translations',
  viewer: 'Reads content, languages, the glossary and members',
};
