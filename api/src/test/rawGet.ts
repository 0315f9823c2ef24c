import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The bytes as they crossed the wire (fetch would decompress them). */
  body: Buffer;
}

/** A GET over node:http that keeps the body as sent: compressed bytes stay compressed. */
export function rawGet(url: string, headers: Record<string, string> = {}): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

/** What Chrome sends: brotli is accepted though not listed first. */
export const CHROME_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';
