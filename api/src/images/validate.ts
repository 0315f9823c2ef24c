// The validation lives in core (shared with the mocks); the API passes its own origin and fetch.
export {
  type ValidateOptions,
  validateImageUrls,
} from '@coursekit/core';
