import { Router } from 'express';
import { acceptInvite, approveRequest, changeRole, declineInvite, inviteUser, revokeUser } from '#contract/members.ts';
import type { BindRoute } from '../../http/route-binder.ts';
import { acceptInvitation, declineInvitation } from './invitations.service.ts';
import { inviteUser as invite } from './invite.service.ts';
import * as manage from './manage.service.ts';
import type { MemberDeps } from './member-deps.ts';

const byPathId = ({ params }: { params: { id: number } }) => params.id;

/** Room for inviting a whole team at once, not for sending e-mail to a list of strangers. */
const INVITATIONS_PER_INVITER = { burst: 100, refill: 100, perSeconds: 3600 };

/** Invitations, requests to join, roles and removals; `member` is the caller as the space guard found them. */
export function membersRoutes(bind: BindRoute, services: Omit<MemberDeps, 'invitations'>): Router {
  const deps: MemberDeps = {
    ...services,
    invitations: services.auth.limiter('invitationsPerInviter', INVITATIONS_PER_INVITER),
  };
  const router = Router();
  const space = { space: byPathId };
  bind(
    router,
    inviteUser,
    ({ params, body, auth, member }) => invite(deps, params.id, { userId: auth.userId, role: member!.role }, body),
    space,
  );
  bind(router, acceptInvite, ({ auth, member }) => acceptInvitation(deps.prisma, auth.userId, member!), {
    ...space,
    spaceAccess: 'own-invitation',
  });
  bind(router, declineInvite, ({ auth, member }) => declineInvitation(deps.prisma, auth.userId, member!), {
    ...space,
    spaceAccess: 'own-invitation',
  });
  bind(
    router,
    revokeUser,
    ({ params, body, auth, member }) =>
      manage.revokeMember(deps, params.id, { userId: auth.userId, role: member!.role }, body.user_id),
    space,
  );
  bind(
    router,
    approveRequest,
    ({ params, body, auth, member }) =>
      manage.approveRequest(deps, params.id, { userId: auth.userId, role: member!.role }, body),
    space,
  );
  bind(
    router,
    changeRole,
    ({ params, body, auth, member }) =>
      manage.changeRole(deps, params.id, { userId: auth.userId, role: member!.role }, body),
    space,
  );
  return router;
}
