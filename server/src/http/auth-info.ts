import type { Request } from 'express';
import type { Role } from '#contract/roles.ts';

/** Who is calling a signed-in route, as the route's authentication found them. */
export interface AuthInfo {
  userId: string;
  sessionId: string;
  /** The assurance level of the session: aal2 once a second factor was verified. */
  aal: 'aal1' | 'aal2';
  /**
   * Set when a script calls with a personal API token: it acts in these spaces only, with the lower of this
   * role and its user's own role there.
   */
  apiToken?: ApiTokenScope;
}

export interface ApiTokenScope {
  id: string;
  role: Role;
  spaceIds: number[];
}

export type Authenticate<A extends AuthInfo = AuthInfo> = (req: Request) => Promise<A>;
