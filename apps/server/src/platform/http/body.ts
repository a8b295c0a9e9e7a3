import type { FastifyInstance } from 'fastify';
import qs from 'qs';
import { limits } from '@parley/protocol';

/**
 * Body parsing of PROTOCOL §1.1: JSON, qs-style forms with bracket nesting, anything else an
 * empty body. Over-size bodies fail with Fastify's 413 error, rendered as an envelope by the
 * error handler; malformed ones with ParseError (400 `common.badParam`).
 */

export class ParseError extends Error {
  constructor(readonly field: string) {
    super(`unparseable ${field}`);
  }
}

const QS_OPTIONS: qs.IParseOptions = {
  depth: 5,
  arrayLimit: 1000,
  parameterLimit: 5000,
  // Without this qs silently turns index 1001 into an object key and truncates extra keys.
  throwOnLimitExceeded: true,
  allowPrototypes: false,
};

/** Parses a form or query string; limit breaches throw ParseError (→ 400). */
export function parseForm(text: string): Record<string, unknown> {
  try {
    return qs.parse(text, QS_OPTIONS) as Record<string, unknown>;
  } catch (err) {
    if (err instanceof RangeError) throw new ParseError('body');
    throw err;
  }
}

function parseJson(text: string): Record<string, unknown> {
  if (text.trim() === '') return {};
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new ParseError('body');
  }
  // Only an object carries named params; a bare array or scalar has none to offer.
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
}

export function registerBodyParsers(app: FastifyInstance): void {
  const bodyLimit = limits.jsonBodyBytes;
  app.removeAllContentTypeParsers();
  for (const type of ['application/json', /^application\/[\w.+-]*\+json$/]) {
    app.addContentTypeParser(type, { parseAs: 'string', bodyLimit }, (_req, body, done) => {
      try {
        done(null, parseJson(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    });
  }
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit },
    (_req, body, done) => {
      try {
        done(null, parseForm(body as string));
      } catch (err) {
        done(err as Error, undefined);
      }
    },
  );
  // Other types (text/plain, octet-stream…) carry no params; drain and ignore them.
  // Multipart routes register their own, more specific parser in a later issue.
  app.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit }, (_req, _body, done) => done(null, {}));
}
