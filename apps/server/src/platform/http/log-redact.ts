import type { FastifyRequest } from 'fastify';

/**
 * Access-log hygiene (issue 19 #5): `?token=` on `/wss` and API URLs is a bearer credential, so
 * the logged URL shows `token=[redacted]`. Every other query parameter is kept.
 */
function redactUrl(url: string): string {
  return url.replace(/([?&](?:token|access_token|authToken)=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's default request serializer, with the URL redacted. */
export function requestSerializer(req: FastifyRequest): Record<string, unknown> {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
