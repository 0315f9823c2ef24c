import { createHttpAdapter } from '@coursekit/core/http';
import { withHttpAdmin } from '@coursekit/core/http/admin';
import { runStudioConformance } from '@coursekit/core/testing';
import { afterAll, beforeAll } from 'vitest';
import { DRIVERS, signInAdmin, startServer, type TestServer } from '../test/harness';

// core's studio conformance suite, which the mocks' memory studio passes too, through the HTTP
// adapter on the live API as its bootstrap admin, on each driver.
for (const driver of DRIVERS) {
  let server: TestServer;
  let token: Promise<{ token: string }> | undefined;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  runStudioConformance(`the live API (${driver})`, {
    async makeStudio() {
      // One sign-in per server: the API allows five a minute per e-mail.
      token ??= signInAdmin(server);
      const { token: access } = await token;
      return withHttpAdmin(createHttpAdapter({ baseUrl: server.api, getAccessToken: () => access })).admin
        .studio!;
    },
  });
}
