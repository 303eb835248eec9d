import { Router } from 'express';
import {
  createSpaceHook,
  deleteSpaceHook,
  listHookDeliveries,
  listSpaceHooks,
  sendHookTestEvent,
  updateSpaceHook,
} from '#contract/space-hooks.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import type { HookDeps } from './hook-deps.ts';
import * as hooks from './hooks.service.ts';

const byPathId = ({ params }: { params: { id: number } }) => params.id;

/** The space's outgoing webhooks, for its admins (the binder refuses everyone else). */
export function spaceHooksRoutes(bind: BindRoute, deps: HookDeps): Router {
  const router = Router();
  const space = { space: byPathId };
  bind(router, listSpaceHooks, ({ params }) => hooks.listHooks(deps, params.id), space);
  bind(router, createSpaceHook, ({ params, body }) => hooks.createHook(deps, params.id, body), space);
  bind(router, updateSpaceHook, ({ params, body }) => hooks.updateHook(deps, params.id, params.hookId, body), space);
  bind(router, deleteSpaceHook, ({ params }) => hooks.deleteHook(deps, params.id, params.hookId), space);
  bind(router, listHookDeliveries, ({ params }) => hooks.listDeliveries(deps, params.id, params.hookId), space);
  bind(router, sendHookTestEvent, ({ params }) => hooks.sendTestEvent(deps, params.id, params.hookId), space);
  return router;
}
