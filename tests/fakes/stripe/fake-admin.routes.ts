import express, { Router } from 'express';
import type { FakeStripeState } from './state.ts';
import { failRenewal, payRenewal } from './subscriptions.ts';
import { deliverAll } from './webhooks.ts';

/** Test control without auth, outside /v1: what was sent, and Stripe's events that need time to happen. */
export function fakeAdminRouter(state: FakeStripeState): Router {
  const router = Router();
  router.use(express.json({ limit: '100kb' }));
  router.get('/events', (_req, res) => {
    res.json(state.events);
  });
  router.get('/requests', (_req, res) => {
    res.json(state.requests);
  });
  /** Where webhooks go: `{ "url": "http://127.0.0.1:3000/api/stripe/webhook" }`. */
  router.put('/webhook', (req, res) => {
    const url = (req.body as { url?: unknown }).url;
    if (typeof url !== 'string' || !/^https?:\/\//.test(url)) return res.status(400).json({ error: 'url needed' });
    state.webhookUrl = url;
    res.status(204).end();
  });
  router.post('/subscriptions/:id/:outcome', async (req, res) => {
    const subscription = state.subscriptions.get(req.params.id);
    if (!subscription) return res.status(404).json({ error: 'no such subscription' });
    const { outcome } = req.params;
    if (outcome !== 'fail_payment' && outcome !== 'pay') return res.status(404).json({ error: 'fail_payment or pay' });
    await deliverAll(state, outcome === 'pay' ? payRenewal(state, subscription) : failRenewal(state, subscription));
    res.json(subscription);
  });
  return router;
}
