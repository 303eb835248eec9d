/**
 * The billing portal address with where to come back to (spec: the subscription link opens the billing
 * portal with a back-to parameter), so the portal's "return" button lands on this settings page.
 */
export function billingPortalLink(portalUrl: string, backTo: string): string {
  const url = new URL(portalUrl);
  url.searchParams.set('back_to', backTo);
  return url.toString();
}
