// The billing feature's front door: what the rest of the server may use of it.
export { billingRoutes } from './billing.routes.ts';
export { portalScope, type BillingDeps } from './billing-deps.ts';
export { portalUrlFor } from './portal.service.ts';
