/// <reference types="vitest/config" />
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const local = (pkg: string) => fileURLToPath(new URL(`./node_modules/${pkg}`, import.meta.url));
const backend = 'http://127.0.0.1:3000';
// Every server path the web client talks to in development (PROTOCOL §1.1, §14).
const httpPrefixes = ['/common', '/enterprise', '/manage', '/static', '/storage', '/scan', '/filedown'];

export default defineConfig({
  base: './',
  plugins: [react()],
  resolve: {
    // npm hoists a React 18 to the repo root for antd-mobile's react-spring peer range; one
    // React only, the one this package depends on (19).
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
