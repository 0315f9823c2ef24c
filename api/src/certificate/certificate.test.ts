import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, completeCourse, DRIVERS, signUp, startServer, type TestServer } from '../test/harness';

describe.each(DRIVERS)('certificate (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  it('does not exist until the course is complete; then a PDF by short-lived grant and a public check', async () => {
    const { token } = await signUp(server, 'Dana Ortiz');
    expect((await call(server, 'GET', '/certificate', { token })).body).toEqual({ certificate: null });
    expect((await call(server, 'POST', '/certificate/download', { token })).status).toBe(404);

    await completeCourse(server, token);
    const { certificate } = (await call(server, 'GET', '/certificate', { token })).body;
    expect(certificate).toMatchObject({
      learner_name: 'Dana Ortiz',
      course_title: 'Data Literacy for Facility Managers',
    });
    expect(certificate.code).toMatch(/^CK-[A-Z0-9]{4}-[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    expect((await call(server, 'GET', '/certificate', { token })).body.certificate.code).toBe(
      certificate.code,
    );

    const { url } = (await call(server, 'POST', '/certificate/download', { token })).body;
    const pdf = await fetch(url);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get('content-disposition')).toContain(certificate.code);
    const bytes = new Uint8Array(await pdf.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');

    server.clock.advance(5 * 60_000);
    try {
      expect((await fetch(url)).status).toBe(401);
    } finally {
      server.clock.advance(-5 * 60_000);
    }
    expect((await fetch(`${server.api}/certificate/pdf?grant=forged`)).status).toBe(401);

    expect((await call(server, 'GET', `/certificates/${certificate.code}`)).body).toEqual({
      valid: true,
      certificate,
      linkedInUrl: expect.stringMatching(/^https:\/\/www\.linkedin\.com\/profile\/add\?/),
      walletUrl: expect.stringMatching(/^https:\/\/lcw\.app\/request\.html\?/),
    });
    expect((await call(server, 'GET', '/certificates/CK-AAAA-BBBB-CCCC')).body).toEqual({
      valid: false,
      certificate: null,
    });
  });
});
