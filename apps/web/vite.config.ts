import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const backend = 'http://127.0.0.1:3000';
// Every server path the web client talks to in development (PROTOCOL §1.1, §14).
const httpPrefixes = ['/common', '/enterprise', '/manage', '/static', '/storage', '/scan', '/filedown'];

export default defineConfig({
  base: './',
  plugins: [react()],
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
