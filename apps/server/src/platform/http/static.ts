import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * GET side of PROTOCOL §14: our own assets under /static, the built web client at `/`, and
 * `GET /scan/...` (a QR link opened in a browser) sent to the app.
 */
/** Shown in the browser (§14.1); anything else under /storage is downloaded. */
const INLINE_EXT = /\.(png|jpe?g|gif|webp|bmp|svg|ico|mp3|m4a|aac|wav|ogg|oga|amr|mp4|webm|mov|m4v|ogv|pdf|txt)$/i;

export async function registerStatic(app: FastifyInstance, opts: { staticDir: string; webDir: string; storageDir?: string }): Promise<void> {
  if (opts.storageDir) {
    fs.mkdirSync(opts.storageDir, { recursive: true });
    // Stored names are unguessable capabilities (§14.1): no token, never sniffed, no listing.
    await app.register(fastifyStatic, {
      root: opts.storageDir,
      prefix: '/storage/',
      decorateReply: false,
      index: false,
      list: false,
      maxAge: '7d',
      setHeaders: (res, filePath) => {
        res.header('X-Content-Type-Options', 'nosniff');
        if (!INLINE_EXT.test(filePath)) res.header('Content-Disposition', 'attachment');
      },
    });
  }

  await app.register(fastifyStatic, {
    root: opts.staticDir,
    prefix: '/static/',
    decorateReply: false,
    index: false,
    maxAge: '1d',
  });

  if (fs.existsSync(path.join(opts.webDir, 'index.html'))) {
    await app.register(fastifyStatic, {
      root: opts.webDir,
      prefix: '/',
      decorateReply: false,
      wildcard: false,
      index: ['index.html'],
    });
  } else {
    const page =
      '<!doctype html><meta charset="utf-8"><title>Parley</title>' +
      '<p>The Parley web client is not built yet. Run <code>npm run build</code>, then reload.</p>';
    const answer = (_req: unknown, reply: import('fastify').FastifyReply) =>
      reply.type('text/html; charset=utf-8').send(page);
    app.get('/', answer);
    app.get('/index.html', answer);
  }

  app.get('/scan/*', (_req, reply) => reply.redirect('/'));
}
