import { Router, type Request, type Response } from 'express';
import { handle, httpError, paginate, queryString, setPageHeaders, truthy } from './http-kit.ts';
import { inRegion, type FakeContext } from './mapi-auth.ts';
import type { SpaceEntry } from './state.ts';
import { filterStories, sortStories } from './story-query.ts';
import { cdnLink, cdnStory, type CdnViewOptions } from './story-views.ts';
import type { StoryRecord } from './types.ts';

interface CdnScope {
  entry: SpaceEntry;
  draft: boolean;
}

/** The space of the `token` query param; drafts need the preview token (reference §2). */
function scopeOf(ctx: FakeContext, req: Request): CdnScope {
  const found = ctx.state.cdnTokenScope(queryString(req, 'token'));
  if (!found || !inRegion(ctx, found.entry)) throw httpError(ctx.behaviour, 'unauthorized');
  const draft = queryString(req, 'version') === 'draft';
  if (draft && !found.preview) throw httpError(ctx.behaviour, 'unauthorized');
  return { entry: found.entry, draft };
}

/** Published reads without `cv` are redirected to the URL with the latest `cv` (Storyblok caching FAQ). */
function redirectedForCv(ctx: FakeContext, req: Request, res: Response, scope: CdnScope): boolean {
  if (scope.draft || !ctx.behaviour.redirectPublishedWithoutCv || queryString(req, 'cv')) return false;
  const separator = req.originalUrl.includes('?') ? '&' : '?';
  res.redirect(301, `${req.originalUrl}${separator}cv=${scope.entry.cv}`);
  return true;
}

/** Each story in the version asked for: the draft, or what was last published. */
function versionOf(scope: CdnScope): StoryRecord[] {
  const out: StoryRecord[] = [];
  for (const stored of scope.entry.stories.values()) {
    const story = scope.draft ? stored.story : stored.published;
    if (story) out.push(story);
  }
  return out;
}

function viewOptions(ctx: FakeContext, req: Request, language: string | null): CdnViewOptions {
  const fallback = queryString(req, 'fallback_lang');
  return {
    language: language && language !== 'default' ? language : null,
    fallbackLang: fallback && fallback !== 'default' ? fallback : null,
    keepRawI18n: ctx.behaviour.cdnKeepsI18nKeysWithoutLanguage,
    prefixFullSlug: ctx.behaviour.cdnLanguagePrefixesFullSlug,
  };
}

function findSingle(
  scope: CdnScope,
  req: Request,
  segments: string[],
): { story: StoryRecord; language?: string } | null {
  const stories = versionOf(scope).filter((s) => !s.is_folder);
  const identifier = segments.join('/');
  if (queryString(req, 'find_by') === 'uuid') {
    const story = stories.find((s) => s.uuid === identifier);
    return story ? { story } : null;
  }
  if (/^\d+$/.test(identifier)) {
    const story = stories.find((s) => s.id === Number(identifier));
    if (story) return { story };
  }
  const bySlug = (slug: string) =>
    stories.find((s) => s.full_slug === slug) ?? stories.find((s) => s.full_slug === `${slug.replace(/\/$/, '')}/`);
  const story = bySlug(identifier);
  if (story) return { story };
  // A language code as the first segment selects that language, as in `cdn/stories/de/home`.
  const [first, ...rest] = segments;
  if (first && rest.length && scope.entry.space.languages.some((l) => l.code === first)) {
    const translated = bySlug(rest.join('/'));
    if (translated) return { story: translated, language: first };
  }
  return null;
}

export function cdnRouter(ctx: FakeContext): Router {
  const router = Router();

  router.get(
    '/spaces/me',
    handle((req, res) => {
      const { entry } = scopeOf(ctx, req);
      res.json({
        space: {
          id: entry.space.id,
          name: entry.space.name,
          domain: entry.space.domain,
          version: entry.cv,
          language_codes: entry.space.languages.map((l) => l.code),
        },
      });
    }),
  );

  router.get(
    '/stories',
    handle((req, res) => {
      const scope = scopeOf(ctx, req);
      if (redirectedForCv(ctx, req, res, scope)) return;
      const stories = filterStories(
        req,
        versionOf(scope).filter((s) => !s.is_folder),
      );
      const ordered = queryString(req, 'by_uuids_ordered')
        ? stories
        : sortStories(stories, queryString(req, 'sort_by') ?? ctx.behaviour.cdnDefaultSort);
      const page = paginate(req, ordered, 100);
      const options = viewOptions(ctx, req, queryString(req, 'language') ?? null);
      setPageHeaders(res, page);
      res.json({ stories: page.items.map((s) => cdnStory(s, options)), cv: scope.entry.cv, rels: [], links: [] });
    }),
  );

  router.get(
    '/stories/*path',
    handle((req, res) => {
      const scope = scopeOf(ctx, req);
      if (redirectedForCv(ctx, req, res, scope)) return;
      const segments = ([] as string[]).concat((req.params as { path?: string[] }).path ?? []).filter(Boolean);
      const found = findSingle(scope, req, segments);
      if (!found) throw httpError(ctx.behaviour, 'notFound');
      const options = viewOptions(ctx, req, queryString(req, 'language') ?? found.language ?? null);
      res.json({ story: cdnStory(found.story, options), cv: scope.entry.cv, rels: [], links: [] });
    }),
  );

  router.get(
    '/links',
    handle((req, res) => {
      const scope = scopeOf(ctx, req);
      if (redirectedForCv(ctx, req, res, scope)) return;
      const startsWith = queryString(req, 'starts_with');
      const withParent = queryString(req, 'with_parent');
      // Folders have no published version of their own: they are links in either version.
      const folders = [...scope.entry.stories.values()].map((s) => s.story).filter((s) => s.is_folder);
      const linked = scope.draft ? versionOf(scope) : [...folders, ...versionOf(scope).filter((s) => !s.is_folder)];
      const all = sortStories(
        linked.filter(
          (s) =>
            (!startsWith || s.full_slug.startsWith(startsWith)) &&
            (withParent === undefined || Number(s.parent_id ?? 0) === Number(withParent)),
        ),
        'position:asc,id:asc',
      );
      // Spaces created since May 2023 always paginate links; `paginated=1` asks the same of older ones.
      const page = paginate(req, all, 1000);
      const includeDates = truthy(queryString(req, 'include_dates'));
      setPageHeaders(res, page);
      res.json({ links: Object.fromEntries(page.items.map((s) => [s.uuid, cdnLink(s, includeDates)])) });
    }),
  );

  return router;
}
