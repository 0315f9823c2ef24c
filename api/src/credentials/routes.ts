import { endpoints, formatIssueDate, messages, normalizeCertificateCode } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { fail, validationError } from '../http/errors';
import { codeParams } from '../http/params';
import { mount } from '../http/route';
import { platformTexts } from '../settings/service';
import { signWith } from './badge';
import { bakedBadgeSvg } from './bakedSvg';
import { issuerDid, issuerDocuments, signer, signingKey } from './keys';
import { documentLoader } from './loader';
import { credentialOf } from './service';
import { revokedBits, statusListCredential } from './statusList';
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
      siteName: (await platformTexts(ctx)).site_name,
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
  // The issuer's revocation list, signed; public and cached briefly, as verifiers fetch it often.
  router.get('/credentials/status/1', async (_req, res) => {
    const key = await signingKey(ctx);
    const unsigned = statusListCredential(
      ctx.config.publicUrl,
      issuerDid(ctx, key),
      await revokedBits(ctx),
      ctx.clock.now(),
    );
    const loader = documentLoader(await issuerDocuments(ctx));
    const signed = await signWith(await signer(ctx, key), unsigned, loader);
    res.set('Cache-Control', 'public, max-age=60').json(signed);
  });
  return router;
}

/**
 * The issuer's did:web document at /.well-known/did.json (production): every key it signed with,
 * retired ones too, so old credentials still verify after a rotation.
 */
export function didDocumentRoute(ctx: AppContext): Router {
  const router = Router();
  router.get('/.well-known/did.json', async (_req, res) => {
    await signingKey(ctx);
    const documents = Object.values(await issuerDocuments(ctx));
    const document = ctx.config.production ? documents[0] : documents[documents.length - 1];
    res.set('Cache-Control', 'public, max-age=300').type('application/did+json').json(document);
  });
  return router;
}
