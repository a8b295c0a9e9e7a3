/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { dirname } from 'node:path';

// The copy this package resolves (hoisted to the root or kept in apps/web/node_modules).
const require = createRequire(import.meta.url);
const local = (pkg: string) => dirname(require.resolve(`${pkg}/package.json`));
const backend = 'http://127.0.0.1:3000';
// Every server path the web client talks to in development (PROTOCOL §1.1, §14).
const httpPrefixes = ['/common', '/enterprise', '/manage', '/static', '/storage', '/scan', '/filedown'];

export default defineConfig({
  base: './',
  plugins: [react()],
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
    ],
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
  },
  server: {
    proxy: {
      ...Object.fromEntries(httpPrefixes.map((p) => [p, { target: backend, changeOrigin: true }])),
      '/wss': { target: backend, ws: true, changeOrigin: true },
    },
  },
});
