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
 * never collide and nothing is left behind). With `template`, the new database is a copy of that one
 * (CREATE DATABASE … TEMPLATE): a file-level copy, much faster than migrating and seeding again.
 */
export async function scratchDatabase(
  adminUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} });
  if (template) {
    // A copy fails (55006) while another session is connected to the template; none stays connected
    // to it after its setup, so this only waits out a connection being closed.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.unsafe(`create database ${name} template ${template}`);
        break;
      } catch (err) {
        if ((err as { code?: string }).code !== '55006' || attempt >= 20) throw err;
        await new Promise((resolve) => setTimeout(resolve, 100 * (attempt + 1)));
      }
    }
  } else {
    await admin.unsafe(`create database ${name}`);
  }
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
