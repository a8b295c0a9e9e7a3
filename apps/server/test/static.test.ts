import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/index';

/** PROTOCOL §14.1: our own assets, the web client at `/`, and `GET /scan/...`. */

const assets: Array<[string, string]> = [
  ['/static/img/avatar.png', 'image/png'],
  ['/static/img/group.png', 'image/png'],
  ['/static/common/img/notice.png', 'image/png'],
  ['/static/common/img/file_transfer.png', 'image/png'],
  ['/static/common/img/video.png', 'image/png'],
  ['/static/voice/notify.mp3', 'audio/mpeg'],
];

describe('without a built web client', () => {
  let s: TestServer;
  beforeAll(async () => {
    s = await startTestServer();
  });
  afterAll(async () => {
    await s?.close();
  });

  it.each(assets)('serves %s', async (p, type) => {
    const res = await fetch(s.url + p);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain(type);
    expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
  });

  it('says how to build the client at / and /index.html', async () => {
    for (const p of ['/', '/index.html']) {
      const res = await fetch(s.url + p);
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('npm run build');
    }
  });

  it('sends QR links opened in a browser to the app', async () => {
    const res = await fetch(`${s.url}/scan/u/abc.def`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('with a built web client', () => {
  let s: TestServer;
  let webDir: string;
  beforeAll(async () => {
    webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-web-'));
    fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Parley app</title>');
    fs.mkdirSync(path.join(webDir, 'assets'));
    fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
    // What the build's precompress step leaves next to a bundle (vite.config.ts).
    const big = `console.log(${JSON.stringify('x'.repeat(4000))});`;
    fs.writeFileSync(path.join(webDir, 'assets', 'big-abc123.js'), big);
    fs.writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.br'), zlib.brotliCompressSync(big));
    fs.writeFileSync(path.join(webDir, 'assets', 'big-abc123.js.gz'), zlib.gzipSync(big));
    fs.mkdirSync(path.join(webDir, 'emoji'));
    fs.writeFileSync(path.join(webDir, 'emoji', '1f600.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    s = await startTestServer({ config: { webDir } });
  });
  afterAll(async () => {
    await s?.close();
    fs.rmSync(webDir, { recursive: true, force: true });
  });

  it('serves it at / and /index.html, with its assets', async () => {
    for (const p of ['/', '/index.html']) expect(await (await fetch(s.url + p)).text()).toContain('Parley app');
    const js = await fetch(`${s.url}/assets/app.js`);
    expect(js.headers.get('content-type')).toContain('javascript');
  });

  it('sends hashed assets precompressed and cached for a year, and index.html revalidated', async () => {
    for (const [accept, encoding] of [
      ['br, gzip', 'br'],
      ['gzip', 'gzip'],
    ] as const) {
      const res = await fetch(`${s.url}/assets/big-abc123.js`, { headers: { 'accept-encoding': accept } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await res.text()).toContain('xxxx');
    }
    for (const p of ['/', '/index.html'])
      expect((await fetch(s.url + p)).headers.get('cache-control')).toBe('no-cache');
    const emoji = await fetch(`${s.url}/emoji/1f600.svg`);
    expect(emoji.headers.get('content-type')).toContain('image/svg+xml');
    expect(emoji.headers.get('cache-control')).toBe('public, max-age=2592000');
  });
});
