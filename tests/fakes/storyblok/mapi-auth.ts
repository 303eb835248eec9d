import type { RequestHandler, Response } from 'express';
import type { FakeStoryblokBehaviour } from './behaviour.ts';
import { httpError, numericParam } from './http-kit.ts';
import type { FakeStoryblokState, SpaceEntry } from './state.ts';
import type { Principal, Region } from './types.ts';

/** What every route gets: the state, the behaviour choices, and the region host this router plays (if any). */
export interface FakeContext {
  state: FakeStoryblokState;
  behaviour: FakeStoryblokBehaviour;
  /** Set on `/<region>/…` routers and on a server started with `region`: only that region's spaces exist there. */
  region: Region | undefined;
}

export function principalOf(res: Response): Principal {
  return res.locals.principal as Principal;
}

/** MAPI authentication: a raw PAT or `Bearer <OAuth token>`; anything else is Storyblok's 401. */
export function requireMapiToken(ctx: FakeContext): RequestHandler {
  return (req, res, next) => {
    const principal = ctx.state.auth.principalFor(req.get('authorization'));
    if (!principal) {
      res.status(401).json(ctx.behaviour.errorBodies.unauthorized);
      return;
    }
    res.locals.principal = principal;
    next();
  };
}

export function inRegion(ctx: FakeContext, entry: SpaceEntry): boolean {
  return !ctx.region || entry.space.region.toLowerCase() === ctx.region;
}

/** The spaces this principal sees on this host. */
export function visibleSpaces(ctx: FakeContext, principal: Principal): SpaceEntry[] {
  return principal.spaceIds
    .map((id) => ctx.state.spaces.get(id))
    .filter((entry): entry is SpaceEntry => Boolean(entry && inRegion(ctx, entry)));
}

/**
 * The space of `:spaceId` when the principal may see it. A space of another region host does not exist here
 * (404); a space the token may not see answers `behaviour.hiddenSpaceStatus`.
 */
export function spaceFor(ctx: FakeContext, res: Response, rawId: string | string[] | undefined): SpaceEntry {
  const spaceId = numericParam(rawId);
  const entry = spaceId === null ? undefined : ctx.state.spaces.get(spaceId);
  if (!entry || !inRegion(ctx, entry)) throw httpError(ctx.behaviour, 'notFound');
  if (!principalOf(res).spaceIds.includes(entry.space.id)) {
    const status = ctx.behaviour.hiddenSpaceStatus;
    throw httpError(ctx.behaviour, status === 403 ? 'forbidden' : 'notFound', status);
  }
  return entry;
}
