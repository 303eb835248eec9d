import type { FakeStoryblokBehaviour } from './behaviour.ts';
import type { DatasourceRecord } from './datasources.ts';
import { AuthRegistry, type OAuthClient } from './auth-registry.ts';
import { httpError } from './http-kit.ts';
import type { NormalizedData } from './normalize-data.ts';
import type {
  ApiKey,
  ComponentRecord,
  OAuthIdentity,
  RequestLogEntry,
  SpaceRecord,
  StoredStory,
  StoryRecord,
} from './types.ts';

export interface SpaceEntry {
  space: SpaceRecord;
  apiKeys: ApiKey[];
  components: ComponentRecord[];
  componentsByName: Map<string, ComponentRecord>;
  stories: Map<number, StoredStory>;
  datasources: DatasourceRecord[];
  /** The CDN cache version (`cv`, Unix seconds); moves on every content change. */
  cv: number;
}

export type StoryEventAction = 'published' | 'unpublished' | 'deleted' | 'moved';

export interface DatasourceEvent {
  spaceId: number;
  slug: string;
}

export interface StoryEvent {
  action: StoryEventAction;
  spaceId: number;
  story: StoryRecord;
}

const maxLoggedRequests = 50_000;

export function clone<T>(value: T): T {
  return structuredClone(value);
}

/** The in-memory Storyblok: spaces, stories, tokens, and what tests look at (request log, story events). */
export class FakeStoryblokState {
  readonly spaces = new Map<number, SpaceEntry>();
  readonly auth: AuthRegistry;
  readonly requests: RequestLogEntry[] = [];
  private readonly listeners: Array<(event: StoryEvent) => void> = [];
  private readonly datasourceListeners: Array<(event: DatasourceEvent) => void> = [];
  private lastTimeMs = 0;
  private lastStoryId = 0;

  readonly behaviour: FakeStoryblokBehaviour;

  constructor(
    data: NormalizedData,
    behaviour: FakeStoryblokBehaviour,
    oauthClients: OAuthClient[] = [],
    identity?: Partial<OAuthIdentity>,
  ) {
    this.behaviour = behaviour;
    const startCv = Math.floor(Date.now() / 1000);
    for (const { space, apiKeys, components, stories, datasources } of data.spaces) {
      const stored = new Map<number, StoredStory>();
      for (const story of stories) {
        stored.set(story.id, { story, published: story.published ? clone(story) : null, lockedBy: null });
        this.lastStoryId = Math.max(this.lastStoryId, story.id);
      }
      this.spaces.set(space.id, {
        space,
        apiKeys,
        components,
        componentsByName: new Map(components.map((c) => [c.name, c])),
        stories: stored,
        datasources,
        cv: startCv,
      });
    }
    const firstSpace = data.spaces[0]?.space;
    this.auth = new AuthRegistry(
      data.patSpaces,
      oauthClients,
      {
        spaceId: firstSpace?.id ?? 0,
        userId: 1,
        userName: 'Fake Editor',
        email: 'fake.editor@example.com',
        roles: [{ name: 'admin' }],
        ...identity,
      },
      () => this.behaviour.oauthAccessTokenTtlSeconds,
      () => this.behaviour.oauthRotatesRefreshToken,
    );
  }

  /**
   * A strictly increasing ISO timestamp, so two writes in one millisecond still move `updated_at`; `after` keeps
   * it past a stored timestamp that lies in the future (hand-written data).
   */
  now(after?: string): string {
    const floor = after ? Date.parse(after) + 1 : 0;
    this.lastTimeMs = Math.max(Date.now(), this.lastTimeMs + 1, Number.isFinite(floor) ? floor : 0);
    return new Date(this.lastTimeMs).toISOString();
  }

  nextStoryId(): number {
    this.lastStoryId += 1;
    return this.lastStoryId;
  }

  bumpCv(entry: SpaceEntry): void {
    entry.cv = Math.max(Math.floor(Date.now() / 1000), entry.cv + 1);
  }

  onStoryEvent(listener: (event: StoryEvent) => void): () => void {
    this.listeners.push(listener);
    return () => this.listeners.splice(this.listeners.indexOf(listener), 1);
  }

  onDatasourceEvent(listener: (event: DatasourceEvent) => void): () => void {
    this.datasourceListeners.push(listener);
    return () => this.datasourceListeners.splice(this.datasourceListeners.indexOf(listener), 1);
  }

  /** A datasource's entries changed: Storyblok's `datasource.entries_updated`. */
  emitDatasource(spaceId: number, slug: string): void {
    for (const listener of this.datasourceListeners) listener({ spaceId, slug });
  }

  emit(action: StoryEventAction, spaceId: number, story: StoryRecord): void {
    for (const listener of this.listeners) listener({ action, spaceId, story: clone(story) });
  }

  logRequest(entry: RequestLogEntry): void {
    this.requests.push(entry);
    if (this.requests.length > maxLoggedRequests) this.requests.splice(0, this.requests.length - maxLoggedRequests);
  }

  /** The space or Storyblok's 404. */
  space(spaceId: number): SpaceEntry {
    const entry = this.spaces.get(spaceId);
    if (!entry) throw httpError(this.behaviour, 'notFound');
    return entry;
  }

  stored(spaceId: number, storyId: number): StoredStory {
    const stored = this.space(spaceId).stories.get(storyId);
    if (!stored) throw httpError(this.behaviour, 'notFound');
    return stored;
  }

  storiesOf(spaceId: number): StoredStory[] {
    return [...this.space(spaceId).stories.values()];
  }

  /** The space a CDN token belongs to, and whether it may read drafts (only the preview token may). */
  cdnTokenScope(token: string | undefined): { entry: SpaceEntry; preview: boolean } | null {
    if (!token) return null;
    for (const entry of this.spaces.values()) {
      const key = entry.apiKeys.find((k) => k.token === token);
      if (key) return { entry, preview: key.access === 'private' };
      if (entry.space.first_token === token) return { entry, preview: true };
    }
    return null;
  }

  /** Ancestors of a story, root first; stops at a parent that is not in the data. */
  ancestors(spaceId: number, story: StoryRecord): StoryRecord[] {
    const stories = this.space(spaceId).stories;
    const chain: StoryRecord[] = [];
    let parentId = story.parent_id;
    while (parentId && chain.length < 50) {
      const parent = stories.get(parentId)?.story;
      if (!parent) break;
      chain.unshift(parent);
      parentId = parent.parent_id;
    }
    return chain;
  }
}
