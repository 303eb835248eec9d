import { Router } from 'express';
import { enrollBodySchema, factorIdSchema, factorVerifyBodySchema } from '#contract/auth.ts';
import type { AuthDeps } from './auth-deps.ts';
import { clientInfo, parseInput, requireSession } from './auth-http.ts';
import { challengeFactor, enrollTotp, unenrollFactor, verifyFactor } from './mfa.service.ts';

/** TOTP two-factor: enrol, challenge, verify (to aal2), unenrol. */
export function factorsRoutes(deps: AuthDeps): Router {
  const router = Router();

  router.post('/factors', async (req, res) => {
    const auth = await requireSession(deps, req);
    res.json(await enrollTotp(deps, auth, parseInput(enrollBodySchema, req.body)));
  });

  router.post('/factors/:id/challenge', async (req, res) => {
    const auth = await requireSession(deps, req);
    const factorId = parseInput(factorIdSchema, req.params.id);
    res.json(await challengeFactor(deps, auth, factorId, clientInfo(req)));
  });

  router.post('/factors/:id/verify', async (req, res) => {
    const auth = await requireSession(deps, req);
    const factorId = parseInput(factorIdSchema, req.params.id);
    const body = parseInput(factorVerifyBodySchema, req.body);
    const input = { challengeId: body.challenge_id, code: body.code };
    res.json(await verifyFactor(deps, auth, factorId, input, clientInfo(req)));
  });

  router.delete('/factors/:id', async (req, res) => {
    const auth = await requireSession(deps, req);
    res.json(await unenrollFactor(deps, auth, parseInput(factorIdSchema, req.params.id)));
  });

  return router;
}
