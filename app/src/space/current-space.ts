import { createContext, useContext } from 'react';
import type { Space } from '#contract/spaces.ts';
import { can, type Role, type SpaceAction } from '#contract/roles.ts';

export interface CurrentSpace {
  space: Space;
  role: Role;
  /** Whether the signed-in member's role allows the action (the server enforces the same). */
  can: (action: SpaceAction) => boolean;
}

export const CurrentSpaceContext = createContext<CurrentSpace | null>(null);

/** The joined space of the `/spaces/:spaceId/...` route, from the account (/me). Only under SpaceLayout. */
export function useCurrentSpace(): CurrentSpace {
  const current = useContext(CurrentSpaceContext);
  if (!current) throw new Error('useCurrentSpace must be used under SpaceLayout');
  return current;
}

export function currentSpaceOf(space: Space): CurrentSpace {
  const role = space.pivot.role;
  return { space, role, can: (action) => can(role, action) };
}
