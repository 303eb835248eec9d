import type { Role } from '#contract/roles.ts';
import type { Space } from '#contract/spaces.ts';

/** A joined space as /api/me answers it, with the member's role and whatever a test changes. */
export function spaceFixture(role: Role, overrides: Partial<Space> = {}): Space {
  return {
    id: 4,
    name: 'Shop',
    region: 'eu',
    cdn_url: 'https://api.storyblok.com/v2/cdn',
    default_locale_name: 'English',
    space_locales: [],
    users: [],
    pivot: { status: 'joined', role, created_at: '2026-01-01T00:00:00.000Z' },
    translatable_keys_count: 0,
    translated_keys_count: 0,
    has_token_issue: false,
    sync_batch_id: null,
    synced_at: null,
    subscription: null,
    billing_portal_url: null,
    preview_token: null,
    ...overrides,
  };
}
