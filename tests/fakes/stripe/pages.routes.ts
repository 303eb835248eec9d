import express, { Router, type Response } from 'express';
import type { FakeStripeState, StripeObject } from './state.ts';
import { cancelNow, completeCheckout } from './subscriptions.ts';
import { deliverAll } from './webhooks.ts';

/** Stripe's test cards: this one pays, the declined one is refused (https://docs.stripe.com/testing). */
const PAYING_CARD = '4242424242424242';

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

function page(res: Response, title: string, body: string, status = 200): void {
  res
    .status(status)
    .type('html')
    .send(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><link rel="icon" href="data:,">` +
        `<title>${escape(title)}</title>` +
        `<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem}` +
        `label,input,button{display:block;margin:.5rem 0}input{padding:.4rem;width:100%}` +
        `.error{color:#b00020}</style></head><body><p>Local Stripe (test mode)</p>${body}</body></html>`,
    );
}

function money(price: StripeObject): string {
  return `$${((price.unit_amount as number) / 100).toFixed(2)} / ${(price.recurring as { interval: string }).interval}`;
}

function checkoutForm(res: Response, session: StripeObject, price: StripeObject, error?: string): void {
  page(
    res,
    'Subscribe',
    `<h1>Subscribe to ${escape(String(price.nickname ?? 'the plan'))}</h1><p>${escape(money(price))}</p>` +
      (error ? `<p class="error" role="alert">${escape(error)}</p>` : '') +
      `<form method="post"><label for="card">Card number</label>` +
      `<input id="card" name="card" inputmode="numeric" autocomplete="cc-number" placeholder="4242 4242 4242 4242">` +
      `<button type="submit">Subscribe</button></form>` +
      `<p><a href="${escape(String(session.cancel_url))}">Back</a></p>`,
  );
}

/** The hosted pages a browser walks through: Checkout, and the customer portal. Each action sends signed webhooks. */
export function pagesRouter(state: FakeStripeState): Router {
  const router = Router();
  router.use(express.urlencoded({ extended: false, limit: '10kb' }));

  router.get('/checkout/:id', (req, res) => {
    const session = state.checkoutSessions.get(req.params.id);
    if (!session || session.status !== 'open') return page(res, 'Expired', '<h1>This checkout has ended.</h1>', 404);
    checkoutForm(res, session, state.prices.get(session.price_id as string)!);
  });
  router.post('/checkout/:id', async (req, res) => {
    const session = state.checkoutSessions.get(req.params.id);
    if (!session || session.status !== 'open') return page(res, 'Expired', '<h1>This checkout has ended.</h1>', 404);
    const card = String((req.body as { card?: unknown }).card ?? '').replace(/\s+/g, '');
    if (card !== PAYING_CARD) {
      return checkoutForm(res, session, state.prices.get(session.price_id as string)!, 'Your card was declined.');
    }
    // Delivered before the browser goes back, so the page it lands on already knows (real Stripe is quicker
    // than a person, but promises nothing).
    await deliverAll(state, completeCheckout(state, session));
    res.redirect(303, String(session.success_url));
  });

  router.get('/portal/:id', (req, res) => {
    const session = state.portalSessions.get(req.params.id);
    if (!session) return page(res, 'Expired', '<h1>This portal session has ended.</h1>', 404);
    const live = [...state.subscriptions.values()].filter(
      (subscription) => subscription.customer === session.customer && subscription.status !== 'canceled',
    );
    const rows = live
      .map((subscription) => {
        const price = (subscription.items as { data: Array<{ price: StripeObject }> }).data[0]!.price;
        return (
          `<li><p>${escape(String(price.nickname ?? 'Plan'))}, ${escape(money(price))} (${escape(String(subscription.status))})</p>` +
          `<form method="post" action="/portal/${escape(session.id)}/cancel/${escape(subscription.id)}">` +
          `<button type="submit">Cancel plan</button></form></li>`
        );
      })
      .join('');
    const back = session.return_url ? `<p><a href="${escape(String(session.return_url))}">Return</a></p>` : '';
    page(res, 'Billing', `<h1>Billing</h1>${rows ? `<ul>${rows}</ul>` : '<p>No current plan.</p>'}${back}`);
  });
  router.post('/portal/:id/cancel/:subscription', async (req, res) => {
    const session = state.portalSessions.get(req.params.id);
    const subscription = state.subscriptions.get(req.params.subscription);
    if (!session || !subscription || subscription.customer !== session.customer) {
      return page(res, 'Not found', '<h1>No such plan.</h1>', 404);
    }
    if (subscription.status !== 'canceled') await deliverAll(state, cancelNow(subscription));
    res.redirect(303, session.return_url ? String(session.return_url) : `/portal/${session.id}`);
  });
  return router;
}
