/// <reference types="vitest/config" />
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { VitePWA } from 'vite-plugin-pwa';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createReadStream, existsSync } from 'node:fs';
import { cp, readdir, readFile, writeFile } from 'node:fs/promises';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';

// The copy this package resolves (hoisted to the root or kept in apps/web/node_modules).
const require = createRequire(import.meta.url);
const local = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));
const backend = 'http://127.0.0.1:3000';
// Every server path the web client talks to in development (PROTOCOL §1.1, §14).
const httpPrefixes = ['/common', '/enterprise', '/manage', '/static', '/storage', '/scan', '/filedown'];

/**
 * Twemoji's SVGs (graphics CC-BY 4.0, see docs/third-party.md), served by us at `emoji/<code
 * points>.svg`: copied next to the build, and served from the package in development. Each
 * picture is fetched by URL when an emoji is on screen, so none of it weighs on the bundle.
 */
function emojiAssets(): Plugin {
  const dir = local('@twemoji/svg');
  return {
    name: 'parley-emoji-assets',
    configureServer(server) {
      server.middlewares.use('/emoji', (req, res, next) => {
        const name = (req.url ?? '').replace(/^\//, '').split('?')[0] ?? '';
        const file = join(dir, name);
        if (!/^[0-9a-f-]+\.svg$/.test(name) || !existsSync(file)) return next();
        res.setHeader('content-type', 'image/svg+xml');
        createReadStream(file).pipe(res);
      });
    },
    async writeBundle(options) {
      await cp(dir, join(options.dir ?? 'dist', 'emoji'), {
        recursive: true,
        filter: (src) => src === dir || src.endsWith('.svg'),
      });
    },
  };
}

/**
 * Brotli and gzip copies of every script, style and SVG under assets/, made once at build time
 * so the server sends them as they are (@fastify/static `preCompressed`, static.ts) instead of
 * compressing on each request or not at all. Node's own zlib: no dependency for this.
 */
function precompress(): Plugin {
  const br = promisify(brotliCompress);
  const gz = promisify(gzip);
  return {
    name: 'parley-precompress',
    apply: 'build',
    async writeBundle(options) {
      const dir = join(options.dir ?? 'dist', 'assets');
      const files = (await readdir(dir)).filter((f) => /\.(js|css|svg|json|html)$/.test(f));
      await Promise.all(
        files.map(async (f) => {
          const data = await readFile(join(dir, f));
          if (data.length < 1024) return;
          await writeFile(
            join(dir, `${f}.br`),
            await br(data, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11, [zlib.BROTLI_PARAM_SIZE_HINT]: data.length } }),
          );
          await writeFile(join(dir, `${f}.gz`), await gz(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The login screen's chunks named in index.html as modulepreload links, and their styles as
 * stylesheets, so a signed-out visitor's browser fetches them beside the boot chunk instead of one
 * round trip after it has run (on a phone's network that round trip is half a second: the styles
 * were such a trip, as the import of a chunk waits for its CSS, issue 42 #10). Vite's import helper
 * finds the stylesheet already in the page and does not fetch it again. A signed-in visitor pays
 * about 10 kB for it.
 */
function preloadSignIn(): Plugin {
  return {
    name: 'parley-preload-sign-in',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const chunks = Object.values(ctx.bundle ?? {}).filter(
          (c) =>
            c.type === 'chunk' &&
            (c.name === 'sign-in' || c.facadeModuleId?.endsWith('/src/features/auth/screens/LoginScreen.tsx')),
        );
        const css = chunks.flatMap((c) => (c.type === 'chunk' ? [...(c.viteMetadata?.importedCss ?? [])] : []));
        return [
          ...chunks.map((c) => ({
            tag: 'link',
            attrs: { rel: 'modulepreload', crossorigin: true, href: `./${c.fileName}` },
            injectTo: 'head' as const,
          })),
          ...css.map((f) => ({
            tag: 'link',
            attrs: { rel: 'stylesheet', crossorigin: true, href: `./${f}` },
            injectTo: 'head' as const,
          })),
        ];
      },
    },
  };
}

/**
 * The service worker (Workbox through vite-plugin-pwa, issue 22): it precaches the app shell
 * (index.html, every script and style of this build, icons, manifests) so the app opens with
 * the server unreachable, and serves index.html for navigations. It waits when a new build is
 * found until the user accepts the "new version" prompt (features/pwa/update.ts), so a page
 * never runs old and new bundles together. Only GET navigations, precached files and GET
 * /static pictures are answered by it: API calls (POST), the socket, uploads and downloads
 * always go to the network. `sw-push.js` (public/) adds Web Push and notification clicks.
 * The manifests are static files per language (public/, see i18n/index.ts).
 */
const serverPaths = /^\/(common|enterprise|manage|static|storage|filedown|scan|wss|emoji|view\.html)(\/|$)/;
function serviceWorker() {
  return VitePWA({
    registerType: 'prompt',
    injectRegister: false,
    manifest: false,
    strategies: 'generateSW',
    filename: 'sw.js',
    workbox: {
      globPatterns: ['**/*.{js,css,html,png,svg,webmanifest}'],
      globIgnores: ['emoji/**', '**/*.br', '**/*.gz', 'sw.js', 'sw-push.js'],
      maximumFileSizeToCacheInBytes: 4 * 1024 * 1024,
      navigateFallback: 'index.html',
      navigateFallbackDenylist: [serverPaths],
      inlineWorkboxRuntime: true,
      cleanupOutdatedCaches: true,
      clientsClaim: false,
      skipWaiting: false,
      importScripts: ['sw-push.js'],
      runtimeCaching: [
        {
          // Default avatars, file-type icons and the notification sound: readable offline.
          urlPattern: ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/static/'),
          handler: 'StaleWhileRevalidate',
          options: { cacheName: 'parley-static', expiration: { maxEntries: 200 } },
        },
      ],
    },
  });
}

export default defineConfig({
  base: './',
  plugins: [react(), emojiAssets(), precompress(), preloadSignIn(), serviceWorker()],
  resolve: {
    // antd-mobile's react-spring accepts React only up to 18; one React only, the one this
    // package resolves (19, pinned by the root overrides).
    dedupe: ['react', 'react-dom'],
    alias: [
      { find: /^react$/, replacement: local('react') },
      { find: /^react\/(.*)$/, replacement: `${local('react')}/$1` },
      { find: /^react-dom$/, replacement: local('react-dom') },
      { find: /^react-dom\/(.*)$/, replacement: `${local('react-dom')}/$1` },
      {
        find: /^use-sync-external-store\/shim(\/index\.js)?$/,
        replacement: fileURLToPath(new URL('./src/lib/shims/use-sync-external-store.ts', import.meta.url)),
      },
    ],
  },
  test: {
    // Same reason: run React-using dependencies through Vite so they get the deduped React.
    server: { deps: { inline: true } },
    deps: {
      optimizer: {
        client: {
          enabled: true,
          include: [
            'react',
            'react/jsx-runtime',
            'react/jsx-dev-runtime',
            'react-dom',
            'react-dom/client',
            'react-router',
            'react-i18next',
            'antd-mobile',
            '@tanstack/react-query',
            'zustand',
            '@testing-library/react',
          ],
        },
      },
    },
    alias: [
      { find: /^antd-mobile$/, replacement: 'antd-mobile/es/index.js' },
      {
        find: /^antd-mobile\/es\/components\/config-provider$/,
        replacement: fileURLToPath(new URL('./src/test/antd-config-provider.ts', import.meta.url)),
      },
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    // The chunk graph, read by e2e/tests/first-load.test.ts to name the signed-in chunks.
    manifest: true,
    rolldownOptions: {
      output: {
        /**
         * V8's explicit compile hint for the boot and sign-in chunks: every function is compiled on
         * a background thread while the file streams in, instead of on the main thread when first
         * called. Nearly all of both runs before the form takes input; on a phone's CPU (4× slower)
         * the boot chunk's evaluation fell from 0.42 to 0.11 s in a traced load (issue 42 #10).
         * Browsers without the hint ignore the comment.
         */
        postBanner: (chunk) => (chunk.isEntry || chunk.name === 'sign-in' ? '//# allFunctionsCalledOnLoad\n' : ''),
        /**
         * The login page's first load in a handful of files instead of forty (issue 42 #10: ≤ 15,
         * each one a round trip on a phone's network): everything the entry imports statically is
         * one chunk, the sign-in screens and what they import another. Every other screen stays
         * a chunk of its own, fetched when opened.
         */
        codeSplitting: {
          groups: [
            // main.tsx is in it, so it must not await at its top level: a lazy chunk it awaits
            // imports this chunk, which would wait for that await for ever (a blank page).
            { name: 'boot', tags: ['$initial'] },
            { name: 'sign-in', test: /[\\/]src[\\/]features[\\/]auth[\\/]/ },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(httpPrefixes.map((p) => [p, { target: backend, changeOrigin: true }])),
      '/wss': { target: backend, ws: true, changeOrigin: true },
    },
  },
});
