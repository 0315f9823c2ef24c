import { endpoints, messages } from '@coursekit/core';
import { Router } from 'express';
import type { AppContext } from '../context';
import { fail } from '../http/errors';
import { codeParams } from '../http/params';
import { mount } from '../http/route';
import { signWith } from './badge';
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
