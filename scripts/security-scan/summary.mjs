// The scan's summary: what each tool sent and found, every 5xx with the API's log lines for it, and
// the verdict.
import { readFileSync } from 'node:fs';
import { SQLMAP_OPTIONS } from './sqlmap.mjs';
import { secondsSince } from './tools.mjs';

const fmt = (n) => n.toLocaleString('en-US');
const say = (line = '') => process.stdout.write(`${line}\n`);

/** Prints the summary; answers whether anything was found (an injection, a 5xx, a refused request). */
export function summarise({
  proxy,
  wapiti,
  starts,
  sqlmapResults,
  targets,
  versions,
  api,
  databaseLabel,
  notes,
  startedAt,
  scanBegan,
}) {
  const apiLog = api.log;
  const apiUrl = api.url;
  const statusLine = (statuses) =>
    Object.entries(statuses)
      .sort(([a], [b]) => String(a).localeCompare(String(b)))
      .map(([status, n]) => `${status}: ${fmt(n)}`)
      .join(', ');
  const merge = (names) => {
    const total = { requests: 0, statuses: {} };
    for (const name of names) {
      const entry = proxy.phases.get(name);
      if (!entry) continue;
      total.requests += entry.requests;
      for (const [status, n] of Object.entries(entry.statuses))
        total.statuses[status] = (total.statuses[status] ?? 0) + n;
    }
    return total;
  };
  const sqlmapPhases = targets.map((_, i) => `sqlmap ${i + 1}`);
  const sqlmapTotal = merge(sqlmapPhases);
  const wapitiTotal = merge(['wapiti']);
  const allTotal = merge([...proxy.phases.keys()]);
  const apiRequestLines = readFileSync(apiLog, 'utf8')
    .split('\n')
    .filter((line) => line.includes('"msg":"request"')).length;

  say();
  say(
    `== summary (${Math.floor(secondsSince(startedAt) / 60)} min ${secondsSince(startedAt) % 60} s, scans ${secondsSince(scanBegan)} s)`,
  );
  say(`database: ${databaseLabel}; API ${apiUrl}, loopback only`);
  say(
    `wapiti ${versions.wapiti}: ${starts.length} start URLs, ${wapiti.options}; ` +
      `${fmt(wapitiTotal.requests)} requests in ${wapiti.seconds} s${wapiti.timedOut ? ' (killed at its bound)' : ''}`,
  );
  say(`  statuses: ${statusLine(wapitiTotal.statuses) || 'none'}`);
  const wapitiVulns = Object.entries(wapiti.vulnerabilities);
  const wapitiAnomalies = Object.entries(wapiti.anomalies);
  if (!wapiti.reported) say('  NO REPORT: wapiti did not write its JSON report (see wapiti.log)');
  else if (!wapitiVulns.length && !wapitiAnomalies.length)
    say('  findings: none (0 vulnerabilities, 0 anomalies)');
  for (const [category, items] of [...wapitiVulns, ...wapitiAnomalies]) {
    say(`  ${category}: ${items.length}`);
    for (const item of items.slice(0, 5))
      say(`    ${item.method} ${item.path} ${item.parameter ?? ''}: ${item.info}`);
  }
  say(
    `sqlmap ${versions.sqlmap}: ${targets.length} targets, ${SQLMAP_OPTIONS.map((o) => (o.includes(' ') ? `'${o}'` : o)).join(' ')}; ` +
      `${fmt(sqlmapTotal.requests)} requests`,
  );
  say(`  statuses: ${statusLine(sqlmapTotal.statuses) || 'none'}`);
  const countOf = (test) => sqlmapResults.filter(test).length;
  say(
    `  ${countOf((r) => r.outcome === 'not injectable')} finished clean, ` +
      `${countOf((r) => r.outcome === 'INJECTABLE')} injectable, ` +
      `${countOf((r) => r.outcome === 'time bound hit')} cut by their time bound, ` +
      `${countOf((r) => r.outcome === 'ended without a verdict')} ended without a verdict, ` +
      `${countOf((r) => r.skipped)} not reached`,
  );
  for (const [i, result] of sqlmapResults.entries()) {
    const { target } = result;
    const label = `${target.method} ${target.path.replace(proxy.url, '')}${target.params ? ` (-p ${target.params})` : ''}`;
    if (result.skipped) {
      say(`  ${i + 1}. ${label}: SKIPPED, no time left (raise SCAN_MINUTES)`);
      continue;
    }
    const stats = proxy.phases.get(`sqlmap ${i + 1}`) ?? { requests: 0, statuses: {} };
    const time = result.cutAt
      ? `cut at ${result.cutAt} s, then run again for ${result.seconds} s`
      : `in ${result.seconds} s`;
    say(`  ${i + 1}. ${label}: ${result.outcome}, ${fmt(stats.requests)} requests ${time}`);
    for (const line of [...result.findings, ...result.hints, ...result.problems])
      say(`       ${line.trim()}`);
  }
  say(`all requests through the proxy: ${fmt(allTotal.requests)} (${statusLine(allTotal.statuses)})`);
  say(`API request log lines: ${fmt(apiRequestLines)} (the set-up's direct calls included)`);
  const fivexx = proxy.state.fivexx;
  say(`5xx answers: ${fivexx.length}`);
  for (const hit of fivexx.slice(0, 20)) {
    const logged = readFileSync(apiLog, 'utf8')
      .split('\n')
      .filter((line) => line.includes(`"reqId":"${hit.requestId}"`) && !line.includes('"msg":"request"'))
      .map((line) => {
        try {
          const entry = JSON.parse(line);
          return entry.err?.message ?? entry.msg;
        } catch {
          return line;
        }
      });
    say(`  ${hit.status} [${hit.phase}] ${hit.request} (X-Request-Id ${hit.requestId})`);
    if (hit.body) say(`      body: ${hit.body}`);
    if (hit.userAgent && !/sqlmap|wapiti/i.test(hit.userAgent)) say(`      user-agent: ${hit.userAgent}`);
    for (const message of logged) say(`      API log: ${message}`);
  }
  if (api.child.exitCode !== null || api.child.signalCode !== null) {
    say(`THE API EXITED during the scan (${api.child.exitCode ?? api.child.signalCode}); its log: ${apiLog}`);
  }
  say(`requests the API never answered: ${proxy.state.upstreamErrors.length}`);
  for (const hit of proxy.state.upstreamErrors.slice(0, 10))
    say(`  [${hit.phase}] ${hit.request}: ${hit.error}`);
  say(`requests refused for leaving 127.0.0.1: ${proxy.state.refused.length}`);
  for (const hit of proxy.state.refused.slice(0, 10)) say(`  ${hit}`);
  for (const note of notes) say(`note: ${note}`);

  const injections = sqlmapResults.filter((r) => r.findings?.length).length + wapitiVulns.length;

  return (
    injections > 0 ||
    fivexx.length > 0 ||
    proxy.state.upstreamErrors.length > 0 ||
    proxy.state.refused.length > 0 ||
    !wapiti.reported ||
    api.child.exitCode !== null ||
    api.child.signalCode !== null
  );
}
