// The members feature's front door: what the rest of the server may use of it.
export { membersRoutes } from './members.routes.ts';
export { announceRequest } from './request-notice.service.ts';
export { spaceAdmins } from './space-admins.ts';
