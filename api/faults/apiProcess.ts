import { type ApiProcess, type ApiProcessOptions, startApiProcess } from '../src/test/apiProcess';

export { type ApiProcess, freePort } from '../src/test/apiProcess';

export const ADMIN = { email: 'admin@faults.test', password: 'Fault-Suite-2026!' } as const;

/**
 * The real API for the fault suite: the database is whatever `env` says (the suite's own
 * PostgreSQL), every instance shares one signing key so a token from one is good on the other.
 */
export function startApi(
  env: Record<string, string>,
  options: Pick<ApiProcessOptions, 'port' | 'waitFor'> = {},
): Promise<ApiProcess> {
  return startApiProcess({
    ...options,
    database: 'inherit',
    env: {
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      JWT_SECRET: 'fault-suite-shared-secret-of-every-instance-0123456789',
      ...env,
    },
  });
}
