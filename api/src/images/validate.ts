// The validation lives in core (shared with the mocks); the API passes its own origin and fetch.
export {
  VALIDATION_DEFAULTS,
  type ValidateOptions,
  validateImageUrls,
  validationRecommendations,
} from '@coursekit/core';
