import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * GET side of PROTOCOL §14: our own assets under /static, the built web client at `/`, stored
 * files at /storage, downloads at /filedown/<token>, the preview page /view.html, and
 * `GET /scan/...` (a QR link opened in a browser) sent to the app.
 */

/**
 * Shown in the browser (§14.1): raster images, audio, video, PDF and plain text. Anything else
 * under /storage (HTML, SVG, office files…) is an `application/octet-stream` attachment.
 */
const INLINE_EXT = /\.(png|jpe?g|gif|webp|bmp|ico|mp3|m4a|aac|wav|ogg|oga|amr|mp4|webm|mov|m4v|ogv|pdf|txt)$/i;

/** Stored files never run as documents of our origin (PDF is exempt: browsers' PDF viewers refuse sandboxing). */
const SANDBOX = 'sandbox';

export interface StaticOptions {
  staticDir: string;
  webDir: string;
  storageDir?: string;
  /** `/filedown/<token>` → the stored path and original name (§14). */
  download?: (token: string) => Promise<{ path: string; name: string } | undefined>;
}

export async function registerStatic(app: FastifyInstance, opts: StaticOptions): Promise<void> {
  if (opts.storageDir) {
    fs.mkdirSync(opts.storageDir, { recursive: true });
    // Stored names are unguessable capabilities (§14.1): no token, never sniffed, no listing.
    // This instance also gives replies `download()`, used by /filedown below.
    await app.register(fastifyStatic, {
      root: opts.storageDir,
      prefix: '/storage/',
      index: false,
      list: false,
      maxAge: '7d',
      setHeaders: (res, filePath) => {
        res.header('X-Content-Type-Options', 'nosniff');
        if (!/\.pdf$/i.test(filePath)) res.header('Content-Security-Policy', SANDBOX);
        if (INLINE_EXT.test(filePath)) return;
        res.header('Content-Type', 'application/octet-stream');
        // /filedown sets its own attachment header with the original name.
        if (!res.getHeader('content-disposition')) res.header('Content-Disposition', 'attachment');
      },
    });
    const download = opts.download;
    if (download) {
      app.get<{ Params: { token: string } }>('/filedown/:token', async (req, reply) => {
        const found = await download(req.params.token);
        if (!found) return reply.code(404).type('text/plain; charset=utf-8').send('Not found');
        // RFC 6266/5987: an ASCII fallback plus filename*=UTF-8''… of the original name.
        return reply.download(found.path.replace(/^\/storage\//, ''), found.name);
      });
    }
  }

  const viewPage = path.join(opts.staticDir, 'view.html');
  if (fs.existsSync(viewPage)) {
    const html = fs.readFileSync(viewPage);
    // The preview page (§14.1); it only shows files of this origin, see the page itself.
    app.get('/view.html', (_req, reply) =>
      reply
        .type('text/html; charset=utf-8')
        .header('X-Content-Type-Options', 'nosniff')
        .header('Referrer-Policy', 'no-referrer')
        .send(html),
    );
  }

  await app.register(fastifyStatic, {
    root: opts.staticDir,
    prefix: '/static/',
    decorateReply: false,
    index: false,
    maxAge: '1d',
  });

  if (fs.existsSync(path.join(opts.webDir, 'index.html'))) {
    await registerWebClient(app, opts.webDir);
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

/**
 * The built web client. Hashed bundles under /assets never change, so browsers keep them for a
 * year without asking again, and get the brotli or gzip copy the build made next to each file
 * (vite.config.ts). index.html names the current bundles, so it is always revalidated. Emoji
 * pictures keep their names across releases: cached for a month.
 */
async function registerWebClient(app: FastifyInstance, webDir: string): Promise<void> {
  const assets = path.join(webDir, 'assets');
  if (fs.existsSync(assets)) {
    await app.register(fastifyStatic, {
      root: assets,
      prefix: '/assets/',
      decorateReply: false,
      index: false,
      preCompressed: true,
      maxAge: '365d',
      immutable: true,
    });
  }
  const emoji = path.join(webDir, 'emoji');
  if (fs.existsSync(emoji)) {
    await app.register(fastifyStatic, {
      root: emoji,
      prefix: '/emoji/',
      decorateReply: false,
      index: false,
      maxAge: '30d',
    });
  }
  await app.register(fastifyStatic, {
    root: webDir,
    prefix: '/',
    decorateReply: false,
    wildcard: false,
    globIgnore: ['assets/**', 'emoji/**'],
    index: ['index.html'],
    cacheControl: false,
    setHeaders: (res) => res.header('Cache-Control', 'no-cache'),
  });
}
