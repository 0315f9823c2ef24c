import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { openDatabase } from '../db/index';
import { devMailbox } from '../mail/mailer';
import { closeServer, DRIVERS, listen, startServer, type TestServer } from '../test/harness';
import { updateSettings } from './service';

/** Reads `event: settings` messages from an SSE response until `count` have arrived. */
async function readEvents(url: string, count: number, onOpen: () => Promise<void>) {
  const controller = new AbortController();
  const res = await fetch(url, { signal: controller.signal });
  expect(res.headers.get('content-type')).toContain('text/event-stream');
  const reader = res.body!.getReader();
  const decoder = new TextDecoder();
  const events: unknown[] = [];
  let buffer = '';
  let opened = false;
  while (events.length < count) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end = buffer.indexOf('\n\n');
    while (end !== -1) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.includes('event: settings')) {
        events.push(
          JSON.parse(
            block
              .split('\n')
              .find((l) => l.startsWith('data: '))!
              .slice(6),
          ),
        );
      }
      end = buffer.indexOf('\n\n');
    }
    if (!opened && events.length > 0) {
      opened = true;
      await onOpen();
    }
  }
  controller.abort();
  return events as Array<{ maintenance_mode: boolean; system_message: string | null }>;
}

describe.each(DRIVERS)('settings stream with LISTEN/NOTIFY (%s)', (driver) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(driver);
  });
  afterAll(() => server?.close());

  it('sends the settings on connect and every change made by another instance', async () => {
    // A second API instance on the same database: its own app (and, on PostgreSQL, its own pool).
    const other = server.databaseUrl ? await openDatabase({ url: server.databaseUrl }) : server.database;
    const otherApp = createApp({
      db: other,
      mailer: devMailbox(path.join(server.config.dataDir, 'mailbox2'), pino({ level: 'silent' })),
      config: server.config,
    });
    const { server: otherServer } = await listen(otherApp);
    try {
      const events = await readEvents(`${server.api}/settings/stream`, 3, async () => {
        await updateSettings(otherApp.ctx, {
          maintenance_mode: true,
          system_message: 'Back at 18:00',
          system_message_type: 'warning',
        });
        await updateSettings(otherApp.ctx, { maintenance_mode: false, system_message: null });
      });
      expect(events[0]).toMatchObject({ maintenance_mode: false, system_message: null });
      expect(events[1]).toMatchObject({ maintenance_mode: true, system_message: 'Back at 18:00' });
      expect(events[2]).toMatchObject({ maintenance_mode: false, system_message: null });
    } finally {
      await otherApp.close();
      await closeServer(otherServer);
      if (other !== server.database) await other.close();
    }
  });
});
