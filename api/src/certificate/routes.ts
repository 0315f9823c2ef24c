import { endpoints } from '@coursekit/core';
import { Router } from 'express';
import { z } from 'zod';
import type { AppContext } from '../context';
import { credentialOf } from '../credentials/service';
import { validationError } from '../http/errors';
import { codeParams } from '../http/params';
import { mount } from '../http/route';
import { certificateForGrant, certificatePdf, checkCode, downloadGrant, getCertificate } from './service';

const PdfQuery = z.strictObject({ grant: z.string().min(1).max(2000) });

export function certificateRoutes(ctx: AppContext): Router {
  const router = Router();
  mount(router, ctx, endpoints.certificate, {}, async ({ auth, course }) => ({
    certificate: await getCertificate(ctx, course, auth.userId),
  }));
  mount(router, ctx, endpoints.certificateDownload, {}, async ({ auth, course, req }) => {
    const grant = await downloadGrant(ctx, course, auth.userId);
    const origin = `${req.protocol}://${req.get('host')}`;
    return { url: `${origin}/api/certificate/pdf?grant=${encodeURIComponent(grant)}` };
  });
  // Not in the endpoint table: the URL the download answer points at, opened by a plain browser.
  router.get('/certificate/pdf', async (req, res) => {
    const query = PdfQuery.safeParse(req.query);
    if (!query.success) throw validationError(query.error.issues, 'query');
    const certificate = await certificateForGrant(ctx, query.data.grant);
    const credential = await credentialOf(ctx, certificate.code);
    const pdf = await certificatePdf(certificate, ctx.config.publicUrl, credential);
    res
      .status(200)
      .type('application/pdf')
      .set('Content-Disposition', `attachment; filename="certificate-${certificate.code}.pdf"`)
      .set('Cache-Control', 'private, no-store')
      .send(Buffer.from(pdf));
  });
  mount(router, ctx, endpoints.certificateCheck, { params: codeParams }, ({ params }) =>
    checkCode(ctx, params.code),
  );
  return router;
}
