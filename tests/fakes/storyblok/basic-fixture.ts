import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * What tests may rely on in tests/fixtures/storyblok/basic: one EU space, languages de and fr, folders
 * about, blog, blog/2024, and six stories (one of them an orphan whose parent folder is not in the data).
 */
export const basicFixture = {
  dir: path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/storyblok/basic'),
  spaceId: 100001,
  pat: 'basic-pat',
  patWithoutSpaces: 'basic-pat-no-spaces',
  previewToken: 'basic-preview-token',
  publicToken: 'basic-public-token',
  languages: ['de', 'fr'],
  folders: { about: 1, blog: 2, blog2024: 3 },
  stories: {
    /** Published; page with a teaser and SEO, de and fr translations. */
    home: 10,
    /** Published with unpublished changes; in about/. */
    team: 11,
    /** Published; file without the `{ story }` wrapper and without full_slug (computed: blog/2024/first-post). */
    firstPost: 12,
    /** Never published; no uuid in the file. */
    draftPost: 13,
    /** Startpage of blog/ (full_slug `blog/`); an empty fr translation. */
    blogIndex: 14,
    /** parent_id 999 is no folder of the data; full_slug stays archive/orphan; a component missing from the schema. */
    orphan: 15,
  },
  storyCount: 6,
  folderCount: 3,
} as const;
