import {
  COURSE_SLUG_PATTERN,
  endpoints,
  formatIssueDate,
  messages,
  normalizeCertificateCode,
  organisationNotFound,
} from '@coursekit/core';
import { type Response, Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { fail, notFound, validationError } from '../http/errors';
import { codeParams } from '../http/params';
import { mount } from '../http/route';
import { platformTexts } from '../settings/service';
import { bakedBadgeSvg } from './bakedSvg';
import { organisationIssuer } from './issuers';
import { type IssuerOwner, servedDidDocument } from './keys';
import { credentialOf } from './service';
import { signedStatusList } from './statusList';
import { hasOurContexts, verifyBadge } from './verify';

export function credentialRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.certificateCredential, { params: codeParams }, ({ params }) =>
    credentialOf(ctx, params.code),
  );
  // A wallet following the `walletUrl` deep link POSTs its presentation here: the same credential.
  mount(router, ctx, endpoints.credentialForWallet, { params: codeParams }, ({ params }) =>
    credentialOf(ctx, params.code),
  );
  // The badge image with the credential baked in: public like the credential it carries. What it
  // shows comes from the credential itself, so the picture and the signed data never disagree.
  router.get('/certificates/:code/badge.svg', async (req, res) => {
    const params = codeParams.safeParse(req.params);
    if (!params.success) throw validationError(params.error.issues, 'path');
    const credential = await credentialOf(ctx, params.data.code);
    const subject = credential.credentialSubject as { achievement: { name: string } };
    const svg = bakedBadgeSvg({
      credential,
      courseTitle: subject.achievement.name,
      // The issuer's name as the credential gives it: the site's, or the issuing organisation's.
      siteName: String((credential.issuer as { name?: string }).name ?? (await platformTexts(ctx)).site_name),
      issuedOn: formatIssueDate(String(credential.validFrom)),
    });
    res
      .status(200)
      .type('image/svg+xml')
      .set(
        'Content-Disposition',
        `inline; filename="${normalizeCertificateCode(params.data.code)}-badge.svg"`,
      )
      // The image is a picture and a document, never a page: nothing in it runs or loads.
      .set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'")
      .set('Cache-Control', 'public, max-age=300')
      .send(svg);
  });
  // Anyone may check a credential; the JSON body limit (413) bounds what an upload can cost.
  mount(router, ctx, endpoints.credentialVerify, {}, ({ body }) => {
    if (!hasOurContexts(body))
      throw fail('validation_error', messages.credentialContext, { '@context': messages.credentialContext });
    return verifyBadge(ctx, body);
  });
  // The issuers' revocation lists, signed: the platform's and each organisation's that issues in
  // its own name. Public and cached briefly, as verifiers fetch them often.
  const sendList = async (res: Response, owner: IssuerOwner) =>
    res.set('Cache-Control', 'public, max-age=60').json(await signedStatusList(ctx, owner));
  router.get('/credentials/status/1', (_req, res) => sendList(res, null));
  router.get('/credentials/organisations/:slug/status/1', async (req, res) =>
    sendList(res, await issuingOrganisation(ctx, req.params)),
  );
  return router;
}

// An organisation's slug has a course slug's form; anything else is refused before the query.
const slugParams = z.strictObject({
  slug: z
    .string()
    .max(100, 'Not an organisation slug')
    .regex(COURSE_SLUG_PATTERN, 'Not an organisation slug'),
});

/** The organisation a slug names as an issuer (it issues, or once issued, in its own name), else 404. */
async function issuingOrganisation(ctx: AppContext, raw: unknown): Promise<IssuerOwner> {
  const params = slugParams.safeParse(raw);
  if (!params.success) throw validationError(params.error.issues, 'path');
  const owner = await organisationIssuer(ctx, params.data.slug);
  if (!owner) throw notFound(organisationNotFound);
  return owner;
}

/**
 * The issuers' DID documents, where did:web resolves them (production): the platform's at
 * /.well-known/did.json, an organisation's `did:web:<host>:o:<slug>` at /o/<slug>/did.json, each with
 * every key its issuer signed with, retired ones too, so old credentials still verify after a
 * rotation. Outside production each is the did:key document of the issuer's current key.
 */
export function didDocumentRoute(ctx: AppContext): Router {
  const router = Router();
  const send = async (res: Response, owner: IssuerOwner) =>
    res
      .set('Cache-Control', 'public, max-age=300')
      .type('application/did+json')
      .json(await servedDidDocument(ctx, owner));
  router.get('/.well-known/did.json', (_req, res) => send(res, null));
  // Before the site's pages: /o/<slug> is the organisation's entry there, this file is the API's.
  router.get('/o/:slug/did.json', async (req, res) => send(res, await issuingOrganisation(ctx, req.params)));
  return router;
}
