// The load generator of `npm run bench:api`, run as a second process: autocannon on loopback.
// argv: url method pathTemplate tokensFile keysFile durationSeconds connections
import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';

const [url, method, template, tokensFile, keysFile, duration, connections] = process.argv.slice(2);
const tokens = JSON.parse(readFileSync(tokensFile!, 'utf8')) as string[];
const keys = JSON.parse(readFileSync(keysFile!, 'utf8')) as string[];
const pick = <T>(list: T[]) => list[Math.floor(Math.random() * list.length)]!;

const result = await autocannon({
  url: url!,
  connections: Number(connections),
  duration: Number(duration),
  requests: [
    {
      method: method as 'GET' | 'PUT',
      setupRequest: (req) => ({
        ...req,
        path: `/api${template!.replace(':lessonKey', pick(keys))}`,
        headers: { authorization: `Bearer ${pick(tokens)}`, 'content-type': 'application/json' },
        ...(method === 'PUT' ? { body: JSON.stringify({ completed: true }) } : {}),
      }),
    },
  ],
});
process.stdout.write(
  JSON.stringify({
    requests: result.requests.total,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  }),
);
