import type { DatasourceRecord } from './datasources.ts';
/** Shapes the fake keeps in memory. Field names are Storyblok's wire names so views can copy them. */

export type Region = 'eu' | 'us' | 'ca' | 'ap' | 'cn';
export const regions: readonly Region[] = ['eu', 'us', 'ca', 'ap', 'cn'];

export type Content = Record<string, unknown>;

export interface SpaceLanguage {
  code: string;
  name: string;
  ai_translation_code?: string | null;
  [extra: string]: unknown;
}

export interface SpaceRecord {
  id: number;
  name: string;
  region: string;
  languages: SpaceLanguage[];
  default_lang_name: string | null;
  first_token: string;
  domain: string;
  plan: string;
  plan_level: number;
  /** "Publish translations individually" (Settings → Internationalization): publishing with `lang` needs it. */
  use_translated_stories: boolean;
  owner_id: number;
  created_at: string;
  updated_at: string;
  [extra: string]: unknown;
}

export interface ApiKey {
  id: number;
  access: 'public' | 'private' | 'theme' | 'release';
  name: string | null;
  token: string;
  space_id: number;
  branch_id: number | null;
  story_ids: number[];
  min_cache: number;
  release_ids: number[];
}

export interface TranslatedStory {
  lang: string;
  published_at: string | null;
  first_published_at?: string | null;
  unpublished_changes: boolean;
  [extra: string]: unknown;
}

export interface StoryRecord {
  id: number;
  uuid: string;
  name: string;
  slug: string;
  full_slug: string;
  parent_id: number | null;
  is_folder: boolean;
  is_startpage: boolean;
  published: boolean;
  unpublished_changes: boolean;
  published_at: string | null;
  first_published_at: string | null;
  created_at: string;
  updated_at: string;
  position: number;
  tag_list: string[];
  content: Content;
  translated_stories: TranslatedStory[];
  [extra: string]: unknown;
}

/** A story plus what only the fake knows: the version the CDN serves as published, and an editor's lock. */
export interface StoredStory {
  story: StoryRecord;
  published: StoryRecord | null;
  lockedBy: string | null;
}

export interface ComponentRecord {
  id: number;
  name: string;
  schema: Record<string, { type: string; translatable?: boolean; [extra: string]: unknown }>;
  [extra: string]: unknown;
}

export interface SpaceData {
  space: SpaceRecord;
  apiKeys: ApiKey[];
  components: ComponentRecord[];
  stories: StoryRecord[];
  datasources: DatasourceRecord[];
}

/** Raw input as files or tests give it, before defaults: what `startFakeStoryblok({ data })` takes. */
export interface RawFakeData {
  /** Personal access token → space ids, or `{ spaces: [...] }`. */
  tokens: Record<string, unknown>;
  tokensSource?: string;
  spaces: Array<{
    id?: number;
    space: unknown;
    components?: unknown;
    stories?: unknown[];
    apiKeys?: unknown;
    /** `datasources.json`: the space's datasources with their dimensions and entries. */
    datasources?: unknown;
    /** Where each part came from, for error messages. */
    sources?: { space?: string; components?: string; apiKeys?: string; stories?: string[]; datasources?: string };
  }>;
}

export interface OAuthIdentity {
  spaceId: number;
  userId: number;
  userName: string;
  /** The user's login address: `userid`/`real_email` in the collaborators list, `owner.email` in space_info. */
  email: string;
  roles: Array<{ name: string }>;
}

export interface OAuthGrant {
  accessToken: string;
  refreshToken: string;
  clientId: string;
  identity: OAuthIdentity;
  expiresAt: number;
  revoked: boolean;
}

export interface Principal {
  kind: 'pat' | 'oauth';
  token: string;
  spaceIds: number[];
  grant?: OAuthGrant;
}

export interface RequestLogEntry {
  method: string;
  path: string;
  query: string;
  status: number;
  time: string;
  durationMs: number;
}
