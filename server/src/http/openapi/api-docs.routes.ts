import { createRequire } from 'node:module';
import path from 'node:path';
import express, { Router } from 'express';
import { getApiDocument } from '#contract/api-docs.ts';
import { endpoints } from '#contract/endpoints.ts';
import { routes } from '#contract/routes.ts';
import type { BindRoute } from '../route-binder.ts';
import type { RouteRegistry } from '../route-registry.ts';
import { openApiDocument } from './openapi-document.ts';

export interface ApiDocsDeps {
  registry: RouteRegistry;
  version: string;
}

const DOCS = routes.showApiDocs.path;
/** Swagger UI's own files, served as the package ships them; any other path answers as unknown API paths do. */
const ASSETS = `${DOCS}/assets`;

/** No inline script: the page passes the same Content-Security-Policy as every other page of the site. */
const page = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <title>Polyblok API</title>
    <link rel="icon" type="image/png" href="${ASSETS}/favicon-32x32.png" />
    <link rel="stylesheet" href="${ASSETS}/swagger-ui.css" />
  </head>
  <body>
    <div id="swagger-ui"></div>
    <script src="${ASSETS}/swagger-ui-bundle.js"></script>
    <script src="${DOCS}/init.js"></script>
  </body>
</html>
`;

const initializer = `window.ui = SwaggerUIBundle({
  url: ${JSON.stringify(routes.getApiDocument.path)},
  dom_id: '#swagger-ui',
  deepLinking: true,
});
`;

function swaggerUiFolder(): string {
  return path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
}

/**
 * `GET /api/openapi.json`, generated from the contract the first time it is asked for (every route is bound by
 * then), and `/api/docs`, the page that shows it to people.
 */
export function apiDocsRoutes(bind: BindRoute, deps: ApiDocsDeps): Router {
  const router = Router();
  let document: Record<string, unknown> | undefined;
  bind(
    router,
    getApiDocument,
    () =>
      (document ??= openApiDocument({
        endpoints,
        accessOf: (name) => deps.registry.accessOf(name),
        version: deps.version,
      })),
    { auth: 'public' },
  );
  router.get(DOCS, (_req, res) => {
    res.type('html').send(page);
  });
  router.get(`${DOCS}/init.js`, (_req, res) => {
    res.type('js').send(initializer);
  });
  router.use(ASSETS, express.static(swaggerUiFolder(), { index: false }));
  return router;
}
