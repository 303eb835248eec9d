import { Router } from 'express';
import { getAuditLog } from '#contract/audit-log.ts';
import { getDatasourceMapping, setDatasourceDimension } from '#contract/datasources.ts';
import { addLanguage, deleteLanguage, editLanguage } from '#contract/languages.ts';
import { deleteSpace, getSpaceSettings, updateSpaceSettings } from '#contract/space-settings.ts';
import {
  createSpace,
  getSyncStatus,
  listAvailableSpaces,
  replaceSpaceToken,
  startSync,
} from '#contract/space-connect.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import * as sync from '../sync/index.ts';
import * as auditLog from './audit-log.service.ts';
import * as connect from './connect.service.ts';
import * as datasources from './datasource-mapping.service.ts';
import * as removal from './delete-space.service.ts';
import * as languages from './languages.service.ts';
import * as settings from './settings.service.ts';
import type { SpaceDeps } from './space-deps.ts';
import * as token from './token.service.ts';

const byPathId = ({ params }: { params: { id: number } }) => params.id;

export function spacesRoutes(bind: BindRoute, deps: SpaceDeps): Router {
  const router = Router();
  bind(router, listAvailableSpaces, ({ body }) => connect.listAvailableSpaces(deps, body.personal_access_token));
  // A token's spaces are chosen when it is made: a space it created would be out of its own reach.
  bind(
    router,
    createSpace,
    ({ body, auth }) => connect.createSpace(deps, auth.userId, body.space_id, body.personal_access_token),
    { apiTokens: 'refused' },
  );
  bind(router, startSync, ({ params, auth }) => sync.startSync(deps, params.id, 'manual', auth.userId), {
    space: byPathId,
  });
  bind(router, getSyncStatus, ({ params }) => sync.getSyncStatus(deps.prisma, params.id), { space: byPathId });
  bind(
    router,
    replaceSpaceToken,
    ({ params, body, auth }) => token.replaceSpaceToken(deps, params.id, auth.userId, body.personal_access_token),
    {
      space: byPathId,
    },
  );
  bind(router, addLanguage, ({ params, body, auth }) => languages.addLanguage(deps, params.id, auth.userId, body), {
    space: byPathId,
  });
  bind(router, editLanguage, ({ params, body, auth }) => languages.editLanguage(deps, params.id, auth.userId, body), {
    space: byPathId,
  });
  bind(
    router,
    deleteLanguage,
    ({ params, body, auth }) => languages.deleteLanguage(deps, params.id, auth.userId, body.id),
    { space: byPathId },
  );
  bind(router, getDatasourceMapping, ({ params }) => datasources.getDatasourceMapping(deps.prisma, params.id), {
    space: byPathId,
  });
  bind(
    router,
    setDatasourceDimension,
    ({ params, body, auth }) => datasources.setDatasourceDimension(deps, params.id, auth.userId, body),
    { space: byPathId },
  );
  bind(router, getSpaceSettings, ({ params }) => settings.getSpaceSettings(deps, params.id), {
    space: byPathId,
  });
  bind(router, getAuditLog, ({ params, query }) => auditLog.getAuditLog(deps.prisma, params.id, query), {
    space: byPathId,
  });
  bind(
    router,
    updateSpaceSettings,
    ({ params, body, auth }) => settings.updateSpaceSettings(deps, params.id, auth.userId, body),
    {
      space: byPathId,
    },
  );
  bind(router, deleteSpace, ({ params, auth }) => removal.deleteSpace(deps.prisma, params.id, auth.userId), {
    space: byPathId,
  });
  return router;
}
