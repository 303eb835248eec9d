import { Router } from 'express';
import { z } from 'zod';
import { handle, httpError, unprocessable } from './http-kit.ts';
import { principalOf, spaceFor, visibleSpaces, type FakeContext } from './mapi-auth.ts';
import { clone, type SpaceEntry } from './state.ts';
import type { SpaceLanguage } from './types.ts';

const listKeys = [
  'name',
  'domain',
  'uniq_domain',
  'plan',
  'plan_level',
  'created_at',
  'updated_at',
  'id',
  'role',
  'owner_id',
  'story_published_hook',
  'stories_count',
  'parent_id',
  'region',
  'requires_2fa',
  'org_id',
  'space_type',
] as const;

/** Keys a `PUT /v1/spaces/:id` may not change (reference §1.6: read-only props are ignored). */
const readOnlyKeys = new Set([
  'id',
  'role',
  'collaborators',
  'owner',
  'owner_id',
  'first_token',
  'region',
  'created_at',
  'updated_at',
  'plan',
  'plan_level',
  'stories_count',
]);

const languagesSchema = z.array(
  z.looseObject({ code: z.string().trim().min(1), name: z.string(), ai_translation_code: z.string().nullish() }),
);

export function spaceView(entry: SpaceEntry): Record<string, unknown> {
  return {
    options: {},
    environments: [],
    story_published_hook: null,
    requires_2fa: false,
    org_id: null,
    default_root: 'page',
    ...clone(entry.space),
    role: 'admin',
    stories_count: [...entry.stories.values()].filter((s) => !s.story.is_folder).length,
  };
}

function listView(entry: SpaceEntry): Record<string, unknown> {
  const full = spaceView(entry);
  return Object.fromEntries(listKeys.filter((k) => k in full).map((k) => [k, full[k]]));
}

function mergeLanguages(current: SpaceLanguage[], incoming: SpaceLanguage[]): SpaceLanguage[] {
  const merged = current.filter((l) => !incoming.some((i) => i.code === l.code));
  return [...merged, ...incoming];
}

export function mapiSpacesRouter(ctx: FakeContext): Router {
  const router = Router();

  router.get(
    '/spaces',
    handle((_req, res) => {
      res.json({ spaces: visibleSpaces(ctx, principalOf(res)).map(listView) });
    }),
  );

  router.get(
    '/spaces/:spaceId',
    handle((req, res) => {
      res.json({ space: spaceView(spaceFor(ctx, res, req.params.spaceId)) });
    }),
  );

  router.put(
    '/spaces/:spaceId',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const input = (req.body as { space?: unknown } | undefined)?.space;
      if (!input || typeof input !== 'object') throw unprocessable('space', "can't be blank");
      const patch = input as Record<string, unknown>;
      const next = clone(entry.space);
      for (const [key, value] of Object.entries(patch)) {
        if (readOnlyKeys.has(key) || key === 'languages') continue;
        next[key] = clone(value);
      }
      if ('languages' in patch) {
        const parsed = languagesSchema.safeParse(patch.languages ?? []);
        if (!parsed.success) throw unprocessable('languages', 'is invalid');
        const codes = parsed.data.map((l) => l.code);
        if (new Set(codes).size !== codes.length) throw unprocessable('languages', 'has duplicate codes');
        const incoming = parsed.data as SpaceLanguage[];
        next.languages =
          ctx.behaviour.languagesUpdate === 'replace' ? incoming : mergeLanguages(next.languages, incoming);
      }
      next.updated_at = ctx.state.now(entry.space.updated_at);
      entry.space = next;
      ctx.state.bumpCv(entry);
      res.json({ space: spaceView(entry) });
    }),
  );

  router.get(
    '/spaces/:spaceId/api_keys',
    handle((req, res) => {
      res.json({ api_keys: clone(spaceFor(ctx, res, req.params.spaceId).apiKeys) });
    }),
  );

  // Storyblok's collaborator object (reference: collaborators/the-collaborator-object): `userid` is the login
  // address, `real_email` the address itself.
  router.get(
    '/spaces/:spaceId/collaborators',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const collaborators = ctx.state.auth.collaborators(entry.space.id).map((identity) => {
        const [firstname = '', ...rest] = identity.userName.split(' ');
        return {
          user: {
            id: identity.userId,
            firstname,
            lastname: rest.join(' '),
            alt_email: null,
            avatar: null,
            userid: identity.email,
            real_email: identity.email,
            friendly_name: identity.userName,
          },
          role: identity.roles[0]?.name ?? 'editor',
          user_id: identity.userId,
          permissions: [],
          allowed_path: '',
          field_permissions: '',
          id: identity.userId * 10,
          space_role_id: null,
          space_role_ids: [],
          space_id: entry.space.id,
        };
      });
      res.setHeader('total', String(collaborators.length));
      res.setHeader('per-page', String(Math.max(collaborators.length, 25)));
      res.json({ collaborators });
    }),
  );

  router.get(
    '/spaces/:spaceId/components',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const search = typeof req.query.search === 'string' ? req.query.search.toLowerCase() : '';
      const isRoot = req.query.is_root;
      const components = entry.components.filter(
        (c) =>
          (!search || c.name.toLowerCase().includes(search)) &&
          (isRoot === undefined || Boolean(c.is_root) === (isRoot === 'true' || isRoot === '1')),
      );
      res.json({ components: clone(components), component_groups: [] });
    }),
  );

  router.get(
    '/spaces/:spaceId/components/:componentId',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const component = entry.components.find((c) => String(c.id) === req.params.componentId);
      if (!component) throw httpError(ctx.behaviour, 'notFound');
      res.json({ component: clone(component) });
    }),
  );

  return router;
}
