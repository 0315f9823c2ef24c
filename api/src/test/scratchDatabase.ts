import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface ScratchDatabase {
  /** The new database's name and URL on the same server. */
  name: string;
  url: string;
  /** Drops the database, whoever is still connected, and closes the admin connection. */
  drop(): Promise<void>;
}

/**
 * A throw-away database on the server of `adminUrl` (tests and benches: each gets its own, so runs
 * never collide and nothing is left behind).
 */
export async function scratchDatabase(adminUrl: string, prefix: string): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    async drop() {
      await admin.unsafe(`drop database if exists ${name} with (force)`);
      await admin.end({ timeout: 5 });
    },
  };
}
