import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers of the app's own pages and assets (PROTOCOL §14.1, issue 19 #10), set by
 * @fastify/helmet on `/`, `/index.html`, `/view.html` and `/assets/…` only: stored files and downloads keep
 * their own stricter headers (static.ts), and API answers need none.
 *
 * The CSP is what the app needs and no more:
 * - scripts only from this origin (the build has no inline script);
 * - styles from this origin plus inline styles (antd-mobile and Leaflet set style attributes);
 * - images: this origin, data:/blob: (QR codes, previews before upload) and the configured map
 *   tile hosts; media: this origin and blob: (recordings, voice notes);
 * - connect: this origin (API and /wss — CSP 3 `'self'` covers ws/wss of the same host) and the
 *   configured map search/reverse/IP-location hosts;
 * - frames: this origin and any http(s) page, for the in-app browser's sandboxed iframe;
 * - frame-ancestors 'self': no other site may frame the app.
 * WebRTC media is not governed by CSP. Map hosts come from the `maps` settings at request time.
 */

export interface MapUrls {
  tileUrl: string;
  searchUrl: string;
  reverseUrl: string;
  ipLocationUrl: string;
}

export interface SecurityHeadersOptions {
  /** The configured map URL templates (cached by the config service). */
  maps(): Promise<MapUrls>;
  /** PARLEY_PUBLIC_URL, when avatars and file URLs name another origin than the request's. */
  publicUrl?: string | undefined;
}

/** `https://{s}.tile.example.org/{z}/{x}/{y}.png` → the CSP sources its requests can hit. */
function sourcesOf(template: string): string[] {
  if (!template) return [];
  const variants = template.includes('{s}') ? ['a', 'b', 'c'].map((s) => template.replaceAll('{s}', s)) : [template];
  const out = new Set<string>();
  for (const v of variants) {
    try {
      const u = new URL(v.replace(/\{[a-z]+\}/gi, '0'));
      if (u.protocol === 'http:' || u.protocol === 'https:') out.add(u.origin);
    } catch {
      // Not a URL: the admin form refuses these; nothing to allow.
    }
  }
  return [...out];
}

/** The app, its assets, and the file preview page `/view.html` (issue 36 #8: no framing by other sites). */
const APP_PATH = /^\/(index\.html|view\.html)?(\?.*)?$|^\/assets\//;

export async function registerSecurityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions): Promise<void> {
  await app.register(helmet, { global: false });
  const own = opts.publicUrl ? [opts.publicUrl] : [];
  let cached:
    { key: string; options: Parameters<NonNullable<import('fastify').FastifyReply['helmet']>>[0] } | undefined;

  const optionsFor = (maps: MapUrls) => {
    const img = sourcesOf(maps.tileUrl);
    const connect = [...new Set([maps.searchUrl, maps.reverseUrl, maps.ipLocationUrl].flatMap(sourcesOf))];
    const key = JSON.stringify([img, connect]);
    if (cached?.key === key) return cached.options;
    const options = {
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          baseUri: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:', 'blob:', ...own, ...img],
          mediaSrc: ["'self'", 'data:', 'blob:', ...own],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", ...own, ...connect],
          frameSrc: ["'self'", 'http:', 'https:'],
          workerSrc: ["'self'", 'blob:'],
          objectSrc: ["'none'"],
          formAction: ["'self'"],
          frameAncestors: ["'self'"],
        },
      },
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' as const },
      // The in-app browser and map tiles load cross-origin resources without CORP headers.
      crossOriginEmbedderPolicy: false,
      crossOriginResourcePolicy: false,
      // Calls need camera and microphone, and an HSTS decision belongs to the TLS proxy.
      strictTransportSecurity: false,
    };
    cached = { key, options };
    return options;
  };

  app.addHook('onRequest', async (req, reply) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !APP_PATH.test(req.url)) return;
    reply.helmet(optionsFor(await opts.maps()));
  });
}
