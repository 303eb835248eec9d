import { expect } from 'vitest';
import { ApiError } from '#kit/api/api-client.ts';

/** The API's refusal of a call that must fail: fails the test when the call succeeds or throws anything else. */
export async function apiFailure(promise: Promise<unknown>): Promise<ApiError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ApiError);
  return error as ApiError;
}
