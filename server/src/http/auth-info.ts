import type { Request } from 'express';

/** Who is calling a signed-in route, as the route's authentication found them. */
export interface AuthInfo {
  userId: string;
  sessionId: string;
  /** The assurance level of the session: aal2 once a second factor was verified. */
  aal: 'aal1' | 'aal2';
}

export type Authenticate<A extends AuthInfo = AuthInfo> = (req: Request) => Promise<A>;
