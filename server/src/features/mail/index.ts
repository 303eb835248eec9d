// The mail feature's front door: what the rest of the server may use of it.
export { devMailRoutes } from './dev-mail.routes.ts';
export { siteRoutes } from './site.routes.ts';
export { createMailSendJob } from './mail-send.job.ts';
export { queueMail, type MailDeps, type MailRequest } from './mail.service.ts';
export { createMailTransport, type MailTransport } from './mail-transport.ts';
