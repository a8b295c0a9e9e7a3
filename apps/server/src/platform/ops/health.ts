import type { FastifyInstance } from 'fastify';
import type { Lifecycle } from './lifecycle';

/** One dependency `/readyz` asks about: resolves when it answers, rejects (or times out) when not. */
export interface ReadinessCheck {
  name: string;
  check(): Promise<unknown>;
}

export interface HealthOptions {
  lifecycle: Lifecycle;
  checks: ReadinessCheck[];
  /** A dependency that has not answered by then counts as failing (a hung connection). */
  timeoutMs?: number;
}

const TEXT = 'text/plain; charset=utf-8';

/** Resolves to the check's name when it fails or is too slow, else to undefined. */
async function failing(c: ReadinessCheck, timeoutMs: number): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), timeoutMs)));
  try {
    const outcome = await Promise.race([c.check().then(() => 'ok' as const), late]);
    return outcome === 'ok' ? undefined : c.name;
  } catch {
    return c.name;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * Liveness and readiness (PROTOCOL §20), plain text for load balancers and orchestrators:
 * `/healthz` says the process serves; `/readyz` says it should get traffic — not once shutdown
 * began, nor while the database or Redis does not answer (503 names the failing parts).
 */
export function registerHealth(app: FastifyInstance, opts: HealthOptions): void {
  const timeoutMs = opts.timeoutMs ?? 2000;
  app.get('/healthz', (_req, reply) => reply.type(TEXT).send('ok'));
  app.get('/readyz', async (_req, reply) => {
    if (opts.lifecycle.draining) return reply.code(503).type(TEXT).send('not ready: shutting down');
    const failed = (await Promise.all(opts.checks.map((c) => failing(c, timeoutMs)))).filter(Boolean);
    if (failed.length > 0)
      return reply
        .code(503)
        .type(TEXT)
        .send(`not ready: ${failed.join(', ')}`);
    return reply.type(TEXT).send('ready');
  });
}
