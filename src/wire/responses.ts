import { ErrorBody } from './common.js';

/** Error responses every endpoint can give, for the OpenAPI document and the serializer. */
export const errorResponses = {
  '4xx': {
    ...ErrorBody,
    description: 'invalid input (code 3 / HTTP 400), not found (code 5 / 404), rate limited (code 8 / 429)',
  },
  '5xx': {
    ...ErrorBody,
    description: 'unexpected failure (code 2 / HTTP 500) or dependency unavailable (code 14 / 503)',
  },
};
