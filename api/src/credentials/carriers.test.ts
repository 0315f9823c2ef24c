import { eq } from 'drizzle-orm';
import { JSDOM } from 'jsdom';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFString,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { call, completeCourse, DRIVERS, signUp, startServer, type TestServer } from '../test/harness';
import { OB_BAKING_NAMESPACE } from './bakedSvg';
import { verifyBadge } from './verify';

// The credential travels inside the files a learner keeps: the badge image (Open Badges 3.0 baking)
// and the certificate PDF (an embedded file). Each is read back the way an outside tool would, and
// what comes out must verify.

/** The baked credential of an SVG, read with an XML parser: the first `openbadges:credential`. */
function unbakeSvg(svg: string): unknown {
  const { window } = new JSDOM('');
  const document = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(document.getElementsByTagName('parsererror')).toHaveLength(0);
  const root = document.documentElement;
  expect(root.getAttribute('xmlns:openbadges')).toBe(OB_BAKING_NAMESPACE);
  const baked = document.getElementsByTagNameNS(OB_BAKING_NAMESPACE, 'credential');
  expect(baked).toHaveLength(1);
  // Directly after the <svg> tag, as the baking section asks.
  expect(root.firstElementChild).toBe(baked[0]);
  return JSON.parse(baked[0]!.textContent ?? '');
}

/** Every embedded file of a PDF by name, from its catalog's EmbeddedFiles name tree. */
async function pdfAttachments(bytes: Uint8Array): Promise<Record<string, string>> {
  const pdf = await PDFDocument.load(bytes);
  const names = pdf.catalog.lookupMaybe(PDFName.of('Names'), PDFDict);
  const tree = names?.lookupMaybe(PDFName.of('EmbeddedFiles'), PDFDict);
  const entries = tree?.lookupMaybe(PDFName.of('Names'), PDFArray);
  const files: Record<string, string> = {};
  for (let i = 0; entries && i < entries.size(); i += 2) {
    const name = entries.lookup(i, PDFString, PDFHexString).decodeText();
    const spec = entries.lookup(i + 1, PDFDict);
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) throw new Error(`${name}: not a file stream`);
    files[name] = new TextDecoder().decode(decodePDFRawStream(stream).decode());
  }
  return files;
}

describe.each(DRIVERS)('the credential in the badge image and the PDF (%s)', (driver) => {
  let server: TestServer;
  let ctx: AppContext;
  let code: string;
  let credential: Record<string, unknown>;
  let token: string;
  beforeAll(async () => {
    server = await startServer(driver);
    ctx = { db: server.database.db, clock: server.clock, config: server.config } as unknown as AppContext;
    ({ token } = await signUp(server, 'Noor Haddad'));
    await completeCourse(server, token);
    code = (await call(server, 'GET', '/certificate', { token })).body.certificate.code;
    credential = (await call(server, 'GET', `/certificates/${code}/credential`)).body;
  });
  afterAll(() => server?.close());

  it('GET /certificates/:code/badge.svg is public: an SVG with the credential baked in, which verifies', async () => {
    const res = await fetch(`${server.api}/certificates/${code.toLowerCase()}/badge.svg`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/svg+xml; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`inline; filename="${code}-badge.svg"`);
    const svg = await res.text();
    const baked = unbakeSvg(svg);
    expect(baked).toEqual(credential);
    expect((await verifyBadge(ctx, baked as Record<string, unknown>)).verified).toBe(true);
    // What the picture says: the course title and the site name from the platform's words.
    const { window } = new JSDOM('');
    const image = new window.DOMParser().parseFromString(svg, 'image/svg+xml');
    const shown = [...image.getElementsByTagName('text')].map((t) => t.textContent).join(' ');
    const [settings] = await server.database.db.select().from(schema.systemSettings);
    expect(shown).toContain(settings!.platform!.site_name.toUpperCase());
    const title = (credential.credentialSubject as { achievement: { name: string } }).achievement.name;
    expect(shown.replace(/\s+/g, ' ')).toContain(title.split(' ')[0]);
  });

  it('a course title with markup or "]]>" stays text: the SVG parses and the baked credential is unchanged', async () => {
    const { token: other } = await signUp(server, 'Ada Lovelace');
    await completeCourse(server, other);
    const otherCode = (await call(server, 'GET', '/certificate', { token: other })).body.certificate.code;
    // An author may title a course anything; the certificate keeps the title it was issued under.
    const title = 'Ops ]]> <script>alert(1)</script> & "Safety"';
    await server.database.db
      .update(schema.certificates)
      .set({ courseTitle: title })
      .where(eq(schema.certificates.code, otherCode));
    const svg = await (await fetch(`${server.api}/certificates/${otherCode}/badge.svg`)).text();
    expect(svg).not.toContain('<script>');
    const baked = unbakeSvg(svg) as { credentialSubject: { achievement: { name: string } } };
    expect(baked.credentialSubject.achievement.name).toBe(title);
    expect((await verifyBadge(ctx, baked as unknown as Record<string, unknown>)).verified).toBe(true);
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    expect((await fetch(`${server.api}/certificates/CK-AAAA-BBBB-CCCC/badge.svg`)).status).toBe(404);
    expect((await fetch(`${server.api}/certificates/not%20a%20code/badge.svg`)).status).toBe(400);
  });

  it('the certificate PDF carries the credential as the embedded file <code>-credential.json, which verifies', async () => {
    const { url } = (await call(server, 'POST', '/certificate/download', { token })).body;
    const pdf = await fetch(url);
    expect(pdf.status).toBe(200);
    const files = await pdfAttachments(new Uint8Array(await pdf.arrayBuffer()));
    expect(Object.keys(files)).toEqual([`${code}-credential.json`]);
    const attached = JSON.parse(files[`${code}-credential.json`]!);
    expect(attached).toEqual(credential);
    expect((await verifyBadge(ctx, attached)).verified).toBe(true);
  });

  it('GET /certificates/:code gives linkedInUrl and walletUrl; the wallet’s POST to its vc_request_url gets the credential', async () => {
    const check = (await call(server, 'GET', `/certificates/${code}`)).body;
    expect(check.valid).toBe(true);
    const linkedIn = new URL(check.linkedInUrl);
    const [settings] = await server.database.db.select().from(schema.systemSettings);
    const issued = new Date(check.certificate.issued_at);
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: check.certificate.course_title,
      organizationName: settings!.platform!.site_name,
      issueYear: String(issued.getUTCFullYear()),
      issueMonth: String(issued.getUTCMonth() + 1),
      certUrl: `${server.config.publicUrl}/certificates/${code}`,
      certId: code,
    });

    const wallet = new URL(check.walletUrl);
    expect(`${wallet.origin}${wallet.pathname}`).toBe('https://lcw.app/request.html');
    expect(wallet.searchParams.get('auth_type')).toBe('bearer');
    const requestUrl = wallet.searchParams.get('vc_request_url')!;
    expect(requestUrl).toBe(`${server.config.publicUrl}/api/certificates/${code}/credential`);
    // What the wallet sends: a DID authentication presentation carrying the challenge.
    const presentation = {
      '@context': ['https://www.w3.org/2018/credentials/v1'],
      type: ['VerifiablePresentation'],
      holder: 'did:key:z6MkjZRZv3aez3r18pB1RBFJR1kwUVJ5jHt92JmQwXbd5hwi',
      proof: { challenge: wallet.searchParams.get('challenge') },
    };
    const answer = await call(server, 'POST', requestUrl.slice(`${server.config.publicUrl}/api`.length), {
      body: presentation,
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual(credential);

    expect((await call(server, 'GET', '/certificates/CK-AAAA-BBBB-CCCC')).body).toEqual({
      valid: false,
      certificate: null,
    });
    expect(
      (await call(server, 'POST', '/certificates/CK-AAAA-BBBB-CCCC/credential', { body: presentation }))
        .status,
    ).toBe(404);
    expect((await call(server, 'POST', `/certificates/${code}/credential`, { raw: '[1]' })).status).toBe(400);
  });
});
