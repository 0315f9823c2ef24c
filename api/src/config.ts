import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type PartnerTrust, partnerTrustFromEnv } from './partner/partnerTokens';

/** Server configuration (DESIGN.md "Configuration and defaults"). */
export interface Config {
  port: number;
  dataDir: string;
  publicUrl: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  jwtSecret: string;
  /** SUPPORT_EMAIL: the help mailbox a first start stores in the platform's settings (else platform.json's). */
  supportEmail: string | undefined;
  production: boolean;
  /** Where the built host app lives, served when it exists. */
  hostDist: string | undefined;
  /** Where the embed bundles live, served under /embed when they exist. */
  embedDist?: string | undefined;
  /** Access-token lifetime in seconds. */
  accessTokenTtl: number;
  /** Refresh-token lifetime in seconds (normal sessions). */
  refreshTokenTtl: number;
  /** Recovery links' refresh-token lifetime in seconds. */
  recoveryTtl: number;
  /** Verification links' lifetime in seconds. */
  verificationTtl: number;
  /** Body size limit of JSON requests. */
  bodyLimit: string;
  /** Partner origins whose pages may call the API from the browser (CORS_ORIGINS). */
  corsOrigins: string[];
  /** A partner whose signed tokens sign its employees in (PARTNER_ISSUER…); none when unset. */
  partner: PartnerTrust | undefined;
  /** ORG_SECRETS_KEY: the AES-256-GCM key of organisations' stored secrets (32 bytes). */
  orgSecretsKey: Buffer;
  /** METRICS_TOKEN: GET /metrics on the public port needs it as a bearer token; off there when unset. */
  metricsToken?: string | undefined;
  /** REMINDER_POLL_MS: how often this instance looks for due reminders; 0 never (reminders.ts's default when unset). */
  reminderPollMs?: number | undefined;
}

export const ISSUER = 'coursekit-api';
export const AUDIENCE = 'coursekit';

/** JWT_SECRET, else a secret generated once and kept in DATA_DIR. */
function jwtSecretFrom(env: NodeJS.ProcessEnv, dataDir: string): string {
  if (env.JWT_SECRET) return env.JWT_SECRET;
  const file = path.join(dataDir, 'jwt-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(48).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

/**
 * ORG_SECRETS_KEY (32 bytes as base64 or hex), else a key generated once and kept in DATA_DIR: the
 * key organisations' shared secrets are encrypted with. Losing it loses those secrets (the issuers
 * must be given them again), so a deployment of several machines sets it.
 */
function orgSecretsKeyFrom(env: NodeJS.ProcessEnv, dataDir: string): Buffer {
  const given = env.ORG_SECRETS_KEY?.trim();
  if (given) {
    const key = /^[0-9a-fA-F]{64}$/.test(given) ? Buffer.from(given, 'hex') : Buffer.from(given, 'base64');
    if (key.length !== 32) throw new Error('ORG_SECRETS_KEY: give 32 bytes, as 64 hex digits or in base64');
    return key;
  }
  const file = path.join(dataDir, 'org-secrets-key');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64'), { mode: 0o600 });
  return key;
}

export function configFromEnv(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  const dataDir = path.resolve(env.DATA_DIR ?? '.data');
  return {
    port,
    dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    databaseUrl: env.DATABASE_URL || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    jwtSecret: jwtSecretFrom(env, dataDir),
    supportEmail: env.SUPPORT_EMAIL || undefined,
    production: env.NODE_ENV === 'production',
    hostDist: env.HOST_DIST ?? fileURLToPath(new URL('../../apps/host/dist', import.meta.url)),
    embedDist: fileURLToPath(new URL('../../packages/embed/dist', import.meta.url)),
    accessTokenTtl: 15 * 60,
    refreshTokenTtl: 30 * 24 * 3600,
    recoveryTtl: 3600,
    verificationTtl: 24 * 3600,
    bodyLimit: '100kb',
    corsOrigins: corsOriginsFrom(env.CORS_ORIGINS),
    partner: partnerTrustFromEnv(env),
    orgSecretsKey: orgSecretsKeyFrom(env, dataDir),
    metricsToken: env.METRICS_TOKEN || undefined,
    reminderPollMs: millisecondsFrom('REMINDER_POLL_MS', env.REMINDER_POLL_MS),
  };
}

/** A duration in milliseconds from the environment: unset is undefined; anything but a whole number stops the start. */
function millisecondsFrom(name: string, value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const ms = Number(value);
  if (!Number.isSafeInteger(ms) || ms < 0) {
    throw new Error(`${name}: "${value}" is not a number of milliseconds (like 300000)`);
  }
  return ms;
}

/**
 * CORS_ORIGINS: comma-separated origins (`https://intranet.partner.example`) whose pages may call the
 * API. A value that is not an origin stops the start with a message, rather than opening or
 * closing the API by surprise.
 */
export function corsOriginsFrom(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let origin: string;
      try {
        origin = new URL(entry).origin;
      } catch {
        throw new Error(`CORS_ORIGINS: "${entry}" is not an origin (like https://intranet.example.com)`);
      }
      if (origin !== entry.replace(/\/+$/, '')) {
        throw new Error(
          `CORS_ORIGINS: "${entry}" is not an origin: give scheme, host and port only (${origin})`,
        );
      }
      return origin;
    });
}

/** How many API workers `npm start` runs, and why when it is one on a machine of several cores. */
export interface WorkerPlan {
  workers: number;
  reason?: string | undefined;
}

/**
 * One worker per core (WEB_CONCURRENCY overrides; 1 keeps a single process). Embedded PGlite is one
 * process's database and cannot be shared by several: with it, one worker whatever is asked.
 */
export function workerPlan(env: NodeJS.ProcessEnv, config: Pick<Config, 'databaseUrl'>): WorkerPlan {
  const asked = env.WEB_CONCURRENCY?.trim();
  if (asked && !/^[1-9]\d{0,2}$/.test(asked)) {
    throw new Error(`WEB_CONCURRENCY: "${asked}" is not a number of workers (1, 2, …)`);
  }
  const cores = os.availableParallelism();
  if (!config.databaseUrl) {
    return {
      workers: 1,
      reason:
        cores > 1 || (asked && asked !== '1')
          ? 'embedded PGlite is one process’s database; set DATABASE_URL to run one worker per core'
          : undefined,
    };
  }
  return { workers: asked ? Number(asked) : cores };
}
