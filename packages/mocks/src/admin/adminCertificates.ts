import { type AdminTables, logAction } from './adminTables';

/** Revoking a certificate from the console, logged as the reference API logs it. */
export function adminCertificates(tables: AdminTables) {
  return {
    revoke(actor: string, code: string, reason: string) {
      const { userId, ...revoked } = tables.store.revokeCertificate(code, reason);
      logAction(tables, actor, 'credential_revoked', userId, { code: revoked.code, reason });
      return revoked;
    },
  };
}
