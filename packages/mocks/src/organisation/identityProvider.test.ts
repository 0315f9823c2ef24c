import { createHttpAdapter, createHttpOrganisation } from '@coursekit/core/http';
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOrganisationHandlers } from './createOrganisationHandlers';
import { createMemoryOrganisation, type MemoryOrganisationOptions } from './memoryOrganisation';

// The managers' read-only view of their organisation's identity provider, on both mock backends (the
// memory organisation, and core's HTTP adapter over the MSW handlers), as the API answers it
// (api/src/organisations/organisationAdapter.test.ts): issuer, claimed domains, enabled, never more.

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

const BASE = 'http://organisation.test/api';

describe('a manager reads the identity provider', () => {
  it('answers the same on the memory organisation and over HTTP: issuer, domains, enabled, or null', async () => {
    const cases: Array<[string, MemoryOrganisationOptions]> = [
      ['filled', { scenario: 'filled' }],
      ['none', { scenario: 'empty' }],
      [
        'disabled',
        {
          identityProvider: {
            issuer: 'https://id.bravo.example',
            domains: ['bravo.example'],
            enabled: false,
          },
        },
      ],
    ];
    for (const [label, options] of cases) {
      const memory = createMemoryOrganisation({ id: `org-${label}`, ...options });
      server.resetHandlers(...createOrganisationHandlers(memory, { baseUrl: BASE }));
      const http = createHttpOrganisation(
        createHttpAdapter({ baseUrl: BASE, getAccessToken: () => 'manager-token' }),
        `org-${label}`,
      );
      const answer = await memory.identityProvider();
      expect(await http.identityProvider(), label).toEqual(answer);
      if (answer) expect(Object.keys(answer).sort()).toEqual(['domains', 'enabled', 'issuer']);
    }
    const filled = createMemoryOrganisation({ scenario: 'filled' });
    expect(await filled.identityProvider()).toEqual({
      issuer: 'https://login.acme.example',
      domains: ['acme.example', 'acme-facilities.example'],
      enabled: true,
    });
    expect(await createMemoryOrganisation({}).identityProvider()).toBeNull();
  });

  it('refuses over HTTP without a session, and for another organisation’s id', async () => {
    const memory = createMemoryOrganisation({ id: 'org-own', scenario: 'filled' });
    server.resetHandlers(...createOrganisationHandlers(memory, { baseUrl: BASE }));
    const as = (token: string | null, id: string) =>
      createHttpOrganisation(createHttpAdapter({ baseUrl: BASE, getAccessToken: () => token }), id);
    await expect(as(null, 'org-own').identityProvider()).rejects.toMatchObject({ code: 'unauthorized' });
    await expect(as('manager-token', 'org-other').identityProvider()).rejects.toMatchObject({
      code: 'forbidden',
    });
  });
});
