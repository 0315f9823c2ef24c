/// <reference path="../../../types/credentials-vendor.d.ts" />
import { createHash, randomBytes } from 'node:crypto';
import type { Certificate } from '@coursekit/core';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import type { AppContext } from '../context';
import { type IssuerOwner, issuerDid, issuerDocuments, signer, signingKey } from './keys';
import { type DocumentLoader, documentLoader, OB_V3, VC_V2 } from './loader';

/** The JSON Schema OB 3.0 validators check an OpenBadgeCredential against (VC 2.0's JsonSchema type). */
const OB_SCHEMA = {
  id: 'https://purl.imsglobal.org/spec/ob/v3p0/schema/json/ob_v3p0_achievementcredential_schema.json',
  type: 'JsonSchema',
};

export interface CourseFacts {
  slug: string;
  title: string;
  description: string;
  objectives: Array<{ id: string; text: string }>;
}

/** OB 3.0's IdentityObject: the e-mail salted and hashed, so the credential carries no plain address. */
function hashedEmail(email: string, salt = randomBytes(16).toString('hex')) {
  const digest = createHash('sha256')
    .update(email.trim().toLowerCase() + salt)
    .digest('hex');
  return {
    type: 'IdentityObject',
    identityHash: `sha256$${digest}`,
    identityType: 'emailAddress',
    hashed: true,
    salt,
  };
}

/** The unsigned OpenBadgeCredential of a certificate (VC 2.0, OB context 3.0.3). */
export function badgeCredential(options: {
  publicUrl: string;
  issuer: string;
  /** The issuer Profile's name: the site's name from the platform settings, or the organisation's. */
  issuerName: string;
  /** The issuer Profile's URL: the site's, or the organisation's page on it (the site's by default). */
  issuerUrl?: string;
  /** The issuer Profile's image: an organisation's logo, when it has one. */
  issuerImage?: string;
  certificate: Certificate;
  course: CourseFacts;
  email: string;
  /** When the credential stops being valid (OB 3.0's `validUntil`); open-ended without it. */
  validUntil?: Date;
}): Record<string, unknown> {
  const { publicUrl, issuer, issuerName, issuerImage, certificate, course, validUntil } = options;
  return {
    '@context': [VC_V2, OB_V3],
    id: `${publicUrl}/api/certificates/${certificate.code}/credential`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: `Certificate of completion — ${course.title}`,
    issuer: {
      id: issuer,
      type: ['Profile'],
      name: issuerName,
      url: options.issuerUrl ?? publicUrl,
      ...(issuerImage ? { image: { id: issuerImage, type: 'Image' } } : {}),
    },
    validFrom: certificate.issued_at.replace(/\.\d+Z$/, 'Z'),
    ...(validUntil ? { validUntil: validUntil.toISOString().replace(/\.\d+Z$/, 'Z') } : {}),
    credentialSchema: [OB_SCHEMA],
    credentialSubject: {
      type: ['AchievementSubject'],
      name: certificate.learner_name,
      identifier: [hashedEmail(options.email)],
      achievement: {
        id: `${publicUrl}/api/achievements/${encodeURIComponent(course.slug)}`,
        type: ['Achievement'],
        achievementType: 'Certificate',
        name: course.title,
        description: course.description,
        criteria: {
          narrative: 'Complete every lesson of the course and pass its course quiz.',
        },
        image: { id: `${publicUrl}/favicon.svg`, type: 'Image' },
        ...(course.objectives.length
          ? {
              alignment: course.objectives.map((objective) => ({
                type: ['Alignment'],
                targetName: objective.text,
                targetUrl: `${publicUrl}/courses/${encodeURIComponent(course.slug)}#${encodeURIComponent(objective.id)}`,
                targetType: 'CFItem',
              })),
            }
          : {}),
      },
    },
  };
}

/**
 * Signs a credential with an issuer's current key (the platform's or an organisation's): an
 * embedded DataIntegrityProof, eddsa-rdfc-2022. `build` gets the issuer's DID.
 */
export async function signCredential(
  ctx: AppContext,
  owner: IssuerOwner,
  build: (issuer: string) => Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const key = await signingKey(ctx, owner);
  const loader = documentLoader(await issuerDocuments(ctx));
  return signWith(await signer(ctx, owner, key), build(issuerDid(ctx, owner, key)), loader);
}

/**
 * The signing itself: RDFC-1.0 canonical N-Quads of the credential and of the proof options,
 * SHA-256 of each, Ed25519 over both hashes. `legacyContext` signs a VC 1.1 credential with the
 * data-integrity v1 context added, as 1EdTech's test vector does.
 */
export async function signWith(
  signer: unknown,
  credential: Record<string, unknown>,
  loader: DocumentLoader,
  options: { date?: string; legacyContext?: boolean } = {},
): Promise<Record<string, unknown>> {
  const suite = new DataIntegrityProof({ signer, cryptosuite, ...options });
  return vc.issue({ credential: structuredClone(credential), suite, documentLoader: loader });
}
