/// <reference path="../../../types/credentials-vendor.d.ts" />
import {
  achievementSlug,
  type CredentialVerification,
  credentialCheck as check,
  credentialDatesCheck,
  messages,
  statusListBit,
} from '@coursekit/core';
import { DataIntegrityProof } from '@digitalbazaar/data-integrity';
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite';
import * as vc from '@digitalbazaar/vc';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { schema } from '../db/index';
import { issuerDirectory } from './keys';
import { documentLoader, OB_V3, VC_V2 } from './loader';
import { revokedBits, statusListUrl } from './statusList';

// biome-ignore lint/suspicious/noExplicitAny: an uploaded JSON-LD document, read field by field
type Credential = Record<string, any>;

/** Whether a credential's contexts are the ones this site issues with (else it is refused as input). */
export function hasOurContexts(credential: { '@context': unknown[] }): boolean {
  const contexts = credential['@context'];
  return contexts[0] === VC_V2 && contexts.includes(OB_V3);
}

/**
 * Checks a credential one of this site's issuers issued (the platform, or an organisation in its own
 * name), offline: the issuer, the proof against that issuer's keys (retired ones too), validFrom/
 * validUntil, the bit in that issuer's own status list, and that the achievement is one of the
 * site's courses.
 */
export async function verifyBadge(ctx: AppContext, credential: Credential): Promise<CredentialVerification> {
  const { documents, owners } = await issuerDirectory(ctx);
  const issuer = typeof credential.issuer === 'string' ? credential.issuer : credential.issuer?.id;
  const ours = typeof issuer === 'string' && owners.has(issuer);
  const checks: CredentialVerification['checks'] = [check('issuer', ours, messages.credentialNotOurs)];
  if (!ours) return { verified: false, checks };

  const from = Date.parse(credential.validFrom ?? '');
  let signed = false;
  try {
    const suite = new DataIntegrityProof({ cryptosuite });
    const loader = documentLoader(documents);
    // The status is its own check below, read from the database. The library also checks that the
    // proof's key is one of the issuer's own (its DID document's), so another issuer's key fails.
    const checkStatus = async () => ({ verified: true });
    // So are the dates, on the site's clock: the library checks the proof at a moment the credential
    // claims validity for, so an expired credential says "expired", not "signature".
    const at = Number.isNaN(from) ? undefined : new Date(from);
    signed = (await vc.verifyCredential({ credential, suite, documentLoader: loader, checkStatus, now: at }))
      .verified;
  } catch {
    signed = false;
  }
  checks.push(check('signature', signed, messages.credentialSignatureBad));

  checks.push(credentialDatesCheck(credential, ctx.clock.now()));

  const status = credential.credentialStatus;
  const index = Number(status?.statusListIndex);
  const owner = owners.get(issuer) ?? null;
  const listed =
    status?.statusListCredential === statusListUrl(ctx.config.publicUrl, owner) && Number.isInteger(index);
  const bits = await revokedBits(ctx, owner);
  const revoked = listed && statusListBit(bits, index);
  checks.push(check('status', listed && !revoked, messages.credentialRevoked));

  const slug = achievementSlug(credential.credentialSubject?.achievement?.id, ctx.config.publicUrl);
  const [course] = slug
    ? await ctx.db.select({ id: schema.courses.id }).from(schema.courses).where(eq(schema.courses.slug, slug))
    : [];
  checks.push(check('achievement', Boolean(course), messages.credentialUnknownAchievement));
  return { verified: checks.every((c) => c.ok), checks };
}
