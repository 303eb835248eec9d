import express, { Router } from 'express';
import { z } from 'zod';
import { failureListSchema, failureSchema } from './failures.ts';
import type { FakeOpenAIState } from './state.ts';

const trafficSchema = z.object({
  latencyMs: z.number().min(0).optional(),
  failRate: z.number().min(0).max(1).optional(),
});

/** Test control without auth; outside `/v1` so it never shows in the request log or takes a queued failure. */
export function fakeAdminRouter(state: FakeOpenAIState): Router {
  const router = Router();
  router.use(express.json({ limit: '1mb' }));

  router.get('/requests', (_req, res) => {
    res.json(state.requests);
  });
  router.delete('/requests', (_req, res) => {
    state.requests.length = 0;
    res.status(204).end();
  });

  router.get('/failures', (_req, res) => {
    res.json(state.failures.queue);
  });
  // One failure or a list, appended to the queue: the next requests play them in order.
  router.post('/failures', (req, res) => {
    const body: unknown = req.body;
    const parsed = Array.isArray(body) ? failureListSchema.safeParse(body) : failureSchema.safeParse(body);
    if (!parsed.success) {
      res.status(400).json({ error: 'invalid failure list', issues: parsed.error.issues });
      return;
    }
    state.failures.queue.push(...(Array.isArray(parsed.data) ? parsed.data : [parsed.data]));
    res.status(201).json(state.failures.queue);
  });
  router.delete('/failures', (_req, res) => {
    state.failures.clear();
    res.status(204).end();
  });

  router.get('/traffic', (_req, res) => {
    res.json(state.failures.traffic);
  });
  router.put('/traffic', (req, res) => {
    const parsed = trafficSchema.safeParse(req.body);
    if (!parsed.success) {
      res.status(400).json({ error: 'invalid traffic settings', issues: parsed.error.issues });
      return;
    }
    Object.assign(state.failures.traffic, parsed.data);
    res.json(state.failures.traffic);
  });
  return router;
}
