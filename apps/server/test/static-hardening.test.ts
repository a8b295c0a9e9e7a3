import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers/index';

/** Issue 19 #7 and #10: paths that try to leave their folder, and the app's security headers (§14.1). */

let s: TestServer;
let webDir: string;
beforeAll(async () => {
  webDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-web-'));
  fs.writeFileSync(path.join(webDir, 'index.html'), '<!doctype html><title>Parley app</title>');
  fs.mkdirSync(path.join(webDir, 'assets'));
  fs.writeFileSync(path.join(webDir, 'assets', 'app.js'), 'console.log(1)');
  s = await startTestServer({ config: { webDir } });
  fs.mkdirSync(path.join(s.blobs.localDir ?? '', 'file'), { recursive: true });
});
afterAll(async () => {
  await s?.close();
  fs.rmSync(webDir, { recursive: true, force: true });
});

/** A GET with the path sent exactly as written (fetch would resolve `..` before sending). */
function rawGet(
  url: string,
  rawPath: string,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const req = http.request({ hostname, port, path: rawPath, method: 'GET' }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c: string) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('static paths that try to leave their folder (#7)', () => {
  it.each([
    '/storage/../x',
    '/storage/%2e%2e/x',
    '/storage/file/',
    '/static/../src/main.ts',
    '/static/%2e%2e/%2e%2e/package.json',
    '/assets/../../package.json',
  ])('%s answers 403 or 404, never an envelope, and logs no error', async (p) => {
    const before = s.logs.length;
    const res = await rawGet(s.url, p);
    expect([403, 404]).toContain(res.status);
    expect(res.body).not.toMatch(/"code"\s*:/);
    expect(res.body).not.toContain('import ');
    expect(s.logs.slice(before).join('')).not.toMatch(/"level":50/);
  });
});

describe('security headers of the app (#10)', () => {
  it.each(['/', '/index.html', '/assets/app.js'])(
    '%s carries nosniff, a referrer policy and a CSP without framing',
    async (p) => {
      const res = await fetch(s.url + p);
      expect(res.status).toBe(200);
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("frame-ancestors 'self'");
      expect(csp).toContain("default-src 'self'");
    },
  );
});

describe('the file preview page (issue 36 #8)', () => {
  it('carries the app’s CSP, so no other site may frame it, and runs no inline script', async () => {
    const res = await fetch(`${s.url}/view.html?src=%2Fstorage%2Fx.png`);
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("frame-ancestors 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // The page asks browsers to send no referrer (the file's capability URL is in its address).
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    const scripts = [...html.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts.length).toBeGreaterThan(0);
    for (const [, attrs, body] of scripts) {
      expect(attrs).toMatch(/src="static\/view\.js"/);
      expect(body?.trim()).toBe('');
    }
    const js = await fetch(`${s.url}/static/view.js`);
    expect(js.status).toBe(200);
    expect(js.headers.get('content-type')).toMatch(/javascript/);
    expect(await js.text()).toContain('location.origin');
  });
});

describe('the CSP follows the configured maps (#10)', () => {
  it('allows the tile hosts as images and the search hosts as connections', async () => {
    await s.services.config.set('maps', {
      tileUrl: 'https://{s}.tiles.example.org/{z}/{x}/{y}.png',
      searchUrl: 'https://search.example.net/q?q={q}',
      reverseUrl: '',
      ipLocationUrl: '',
    });
    const csp = (await fetch(`${s.url}/`)).headers.get('content-security-policy') ?? '';
    const directive = (name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    expect(directive('img-src')).toContain('https://a.tiles.example.org');
    expect(directive('img-src')).toContain('https://c.tiles.example.org');
    expect(directive('connect-src')).toContain('https://search.example.net');
    expect(directive('frame-src')).toContain('https:');
  });
});
