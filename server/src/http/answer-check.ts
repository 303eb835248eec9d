import type { Request, RequestHandler } from 'express';

/** Looks at a JSON answer before it is sent; throwing refuses it (the error middleware answers instead). */
export type AnswerCheck = (req: Request, status: number, body: unknown) => void;

/**
 * Hands every JSON answer to `check` on its way out, errors included. The tests check each against the API's
 * published document, so an answer that strays from it fails the test that received it.
 */
export function answerCheck(check: AnswerCheck): RequestHandler {
  return (req, res, next) => {
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      check(req, res.statusCode, body);
      return json(body);
    };
    next();
  };
}
