import type { Request } from 'express';
import { commaList, queryString, truthy } from './http-kit.ts';
import { containsComponent } from './i18n.ts';
import type { StoryRecord } from './types.ts';

function slugPattern(pattern: string): RegExp {
  const escaped = pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*');
  return new RegExp(`^${escaped}$`);
}

function fieldValue(story: StoryRecord, field: string): unknown {
  if (field.startsWith('content.')) return story.content[field.slice('content.'.length)];
  return story[field];
}

type Predicate = (story: StoryRecord) => boolean;

/** `filter_query[field][operation]=value` on content fields, the operations Storyblok documents for both APIs. */
function filterQueryPredicates(req: Request): Predicate[] {
  const raw = (req.query as Record<string, unknown>).filter_query;
  if (!raw || typeof raw !== 'object') return [];
  const predicates: Predicate[] = [];
  for (const [field, ops] of Object.entries(raw as Record<string, Record<string, string>>)) {
    if (!ops || typeof ops !== 'object') continue;
    for (const [op, value] of Object.entries(ops)) {
      const get = (s: StoryRecord) => (field in s.content ? s.content[field] : s[field]);
      const values = String(value).split(',');
      const asText = (v: unknown) => (v === undefined || v === null ? '' : String(v));
      const tests: Record<string, Predicate> = {
        is: (s) => asText(get(s)) === String(value),
        in: (s) => values.includes(asText(get(s))),
        not_in: (s) => !values.includes(asText(get(s))),
        like: (s) => slugPattern(String(value)).test(asText(get(s))),
        not_like: (s) => !slugPattern(String(value)).test(asText(get(s))),
        any_in_array: (s) => [get(s)].flat().some((v) => values.includes(asText(v))),
        all_in_array: (s) => values.every((v) => [get(s)].flat().map(asText).includes(v)),
        gt_int: (s) => Number(get(s)) > Number(value),
        lt_int: (s) => Number(get(s)) < Number(value),
        gt_float: (s) => Number(get(s)) > Number(value),
        lt_float: (s) => Number(get(s)) < Number(value),
        gt_date: (s) => asText(get(s)) > String(value),
        lt_date: (s) => asText(get(s)) < String(value),
      };
      const test = tests[op];
      if (test) predicates.push(test);
    }
  }
  return predicates;
}

/** The list filters of `GET /v1/spaces/:id/stories` and `GET /v2/cdn/stories` (reference §1.7, §2). */
export function filterStories(req: Request, stories: StoryRecord[]): StoryRecord[] {
  const q = (name: string) => queryString(req, name);
  const predicates: Predicate[] = [];
  const startsWith = q('starts_with');
  if (startsWith) predicates.push((s) => s.full_slug.startsWith(startsWith));
  const withSlug = q('with_slug');
  if (withSlug !== undefined) predicates.push((s) => s.full_slug === withSlug);
  const byIds = commaList(q('by_ids')).map(Number);
  if (byIds.length) predicates.push((s) => byIds.includes(s.id));
  const excludingIds = commaList(q('excluding_ids')).map(Number);
  if (excludingIds.length) predicates.push((s) => !excludingIds.includes(s.id));
  const byUuids = commaList(q('by_uuids') ?? q('by_uuids_ordered'));
  if (byUuids.length) predicates.push((s) => byUuids.includes(s.uuid));
  const bySlugs = commaList(q('by_slugs')).map(slugPattern);
  if (bySlugs.length) predicates.push((s) => bySlugs.some((p) => p.test(s.full_slug)));
  const excludingSlugs = commaList(q('excluding_slugs')).map(slugPattern);
  if (excludingSlugs.length) predicates.push((s) => !excludingSlugs.some((p) => p.test(s.full_slug)));
  if (truthy(q('folder_only'))) predicates.push((s) => s.is_folder);
  if (truthy(q('story_only'))) predicates.push((s) => !s.is_folder);
  if (truthy(q('root_folders_only'))) predicates.push((s) => s.is_folder && !s.parent_id);
  const withParent = q('with_parent');
  if (withParent !== undefined) predicates.push((s) => Number(s.parent_id ?? 0) === Number(withParent));
  const isStartpage = q('is_startpage');
  if (isStartpage !== undefined) predicates.push((s) => s.is_startpage === truthy(isStartpage));
  const isPublished = q('is_published');
  if (isPublished !== undefined) predicates.push((s) => s.published === truthy(isPublished));
  const tags = commaList(q('with_tag'));
  if (tags.length) predicates.push((s) => s.tag_list.some((t) => tags.includes(t)));
  const component = q('contain_component');
  if (component) predicates.push((s) => containsComponent(s.content, component));
  const contentType = q('content_type');
  if (contentType) predicates.push((s) => s.content.component === contentType);
  const level = q('level');
  if (level) predicates.push((s) => s.full_slug.replace(/\/$/, '').split('/').length === Number(level));
  const search = (q('search') ?? q('text_search') ?? q('search_term'))?.toLowerCase();
  if (search) {
    const deep = q('text_search') !== undefined || q('search_term') !== undefined;
    predicates.push((s) =>
      [s.name, s.slug, s.full_slug, deep ? JSON.stringify(s.content) : ''].some((t) =>
        t.toLowerCase().includes(search),
      ),
    );
  }
  for (const [param, field, dir] of [
    ['published_at_gt', 'published_at', 1],
    ['published_at_lt', 'published_at', -1],
    ['first_published_at_gt', 'first_published_at', 1],
    ['first_published_at_lt', 'first_published_at', -1],
    ['updated_at_gt', 'updated_at', 1],
    ['updated_at_lt', 'updated_at', -1],
  ] as const) {
    const bound = q(param);
    if (bound) {
      const limit = Date.parse(bound.replace(' ', 'T'));
      predicates.push((s) => {
        const at = Date.parse(String(s[field] ?? ''));
        return Number.isFinite(at) && (dir > 0 ? at > limit : at < limit);
      });
    }
  }
  predicates.push(...filterQueryPredicates(req));
  const filtered = stories.filter((s) => predicates.every((p) => p(s)));
  if (q('by_uuids_ordered')) filtered.sort((a, b) => byUuids.indexOf(a.uuid) - byUuids.indexOf(b.uuid));
  return filtered;
}

/** `sort_by=field:asc|desc[:int|float]`, comma-chained; empty values last; ties by id for a stable order. */
export function sortStories(stories: StoryRecord[], sortBy: string): StoryRecord[] {
  const keys = commaList(sortBy).map((part) => {
    const [field = 'created_at', dir = 'asc', type] = part.split(':');
    return { field, sign: dir === 'desc' ? -1 : 1, numeric: type === 'int' || type === 'float' };
  });
  const normalize = (value: unknown, numeric: boolean) => {
    if (value === undefined || value === null || value === '') return null;
    if (numeric || typeof value === 'number') return Number(value);
    return typeof value === 'string' ? value : JSON.stringify(value);
  };
  return [...stories].sort((a, b) => {
    for (const { field, sign, numeric } of keys) {
      const x = normalize(fieldValue(a, field), numeric);
      const y = normalize(fieldValue(b, field), numeric);
      if (x === y) continue;
      if (x === null) return 1;
      if (y === null) return -1;
      return (x < y ? -1 : 1) * sign;
    }
    return a.id - b.id;
  });
}
