import { Router } from 'express';
import { XLIFF_MAX_BYTES, XLIFF_MEDIA_TYPE } from '#contract/xliff-rules.ts';
import { exportXliff, importXliff } from '#contract/xliff.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import * as exporting from './export.service.ts';
import * as importing from './import.service.ts';

const byPathId = ({ params }: { params: { id: number } }) => params.id;

/** XLIFF 2.0 files of a language's keys for agencies and CAT tools, out and back in. */
export function xliffRoutes(bind: BindRoute, deps: importing.XliffDeps): Router {
  const router = Router();
  bind(router, exportXliff, ({ params, query }) => exporting.exportXliff(deps.prisma, params.id, query), {
    space: byPathId,
    // The file itself is the answer, to save as it comes; its name only has letters, digits, dashes and a dot.
    send: (res, file) => {
      res.type(XLIFF_MEDIA_TYPE);
      res.set('Content-Disposition', `attachment; filename="${file.file_name}"`);
      res.send(file.document);
    },
  });
  bind(
    router,
    importXliff,
    ({ params, query, body, auth }) => importing.importXliff(deps, params.id, auth.userId, query.space_locale_id, body),
    { space: byPathId, bodyFormat: 'xml', bodyLimit: `${XLIFF_MAX_BYTES}b` },
  );
  return router;
}
