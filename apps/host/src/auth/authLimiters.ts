import { createRateLimiter, RATE_LIMITS } from '@coursekit/core';

// learner §5: 5 attempts per e-mail per 60 s, kept in memory for the page's life (the server
// enforces its own limits too; this is the first line).
export const signInLimiter = createRateLimiter(RATE_LIMITS.signIn);
export const signUpLimiter = createRateLimiter(RATE_LIMITS.signUp);
