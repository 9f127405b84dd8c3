/**
 * Tests that a call is refused match what the refusal is (its code, stable reason and the field it names), not the
 * wording of its message, where the wording is not itself what the wire promises.
 */
import { ApiError } from '../errors.js';

/** The ApiError `run` throws; fails the test when it throws something else or nothing. */
export function apiErrorOf(run: () => unknown): ApiError {
  try {
    run();
  } catch (err) {
    if (err instanceof ApiError) return err;
    throw new Error(`expected an ApiError, got ${String(err)}`, { cause: err });
  }
  throw new Error('expected an ApiError, nothing was thrown');
}
