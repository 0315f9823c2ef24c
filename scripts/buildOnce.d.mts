/** Runs `node script` once per process (later calls share the first's promise); rejects with its output. */
export function buildOnce(script: string): Promise<{ stdout: string; stderr: string }>;
