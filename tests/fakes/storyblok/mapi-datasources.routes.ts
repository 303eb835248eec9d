import { Router } from 'express';
import { datasourceView, entryView, updateEntry } from './datasources.ts';
import { handle, httpError, numericParam, paginate, queryString, setPageHeaders } from './http-kit.ts';
import { spaceFor, type FakeContext } from './mapi-auth.ts';

/**
 * Datasources with dimensions: `GET /v1/spaces/:id/datasources[/:did]`, `GET …/datasource_entries?datasource_id=`
 * (`&dimension=<id>` answers each entry's `dimension_value` in it), `PUT …/datasource_entries/:eid`.
 */
export function mapiDatasourcesRouter(ctx: FakeContext): Router {
  const router = Router();

  router.get(
    '/spaces/:spaceId/datasources',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const page = paginate(req, entry.datasources, 100);
      setPageHeaders(res, page);
      res.json({ datasources: page.items.map(datasourceView) });
    }),
  );

  router.get(
    '/spaces/:spaceId/datasources/:datasourceId',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const id = numericParam(req.params.datasourceId);
      const source = entry.datasources.find((item) => item.id === id);
      if (!source) throw httpError(ctx.behaviour, 'notFound');
      res.json({ datasource: datasourceView(source) });
    }),
  );

  router.get(
    '/spaces/:spaceId/datasource_entries',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const id = Number(queryString(req, 'datasource_id'));
      const slug = queryString(req, 'datasource_slug');
      const source = entry.datasources.find((item) => item.id === id || (slug !== undefined && item.slug === slug));
      if (!source) throw httpError(ctx.behaviour, 'notFound');
      const dimensionParam = queryString(req, 'dimension');
      const dimension = dimensionParam === undefined ? null : Number(dimensionParam);
      const page = paginate(req, source.entries, 1000);
      setPageHeaders(res, page);
      res.json({ datasource_entries: page.items.map((item) => entryView(item, dimension)) });
    }),
  );

  router.put(
    '/spaces/:spaceId/datasource_entries/:entryId',
    handle((req, res) => {
      const entry = spaceFor(ctx, res, req.params.spaceId);
      const id = numericParam(req.params.entryId);
      const source = entry.datasources.find((item) => item.entries.some((candidate) => candidate.id === id));
      const found = source?.entries.find((candidate) => candidate.id === id);
      if (!source || !found) throw httpError(ctx.behaviour, 'notFound');
      updateEntry(source, found, req.body);
      ctx.state.emitDatasource(entry.space.id, source.slug);
      res.status(204).end();
    }),
  );

  return router;
}
