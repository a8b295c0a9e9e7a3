import { generateKeyPairSync, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeJwt, decodeProtectedHeader, importJWK, SignJWT, type JWK } from 'jose';
import Provider from 'oidc-provider';

/**
 * A real OpenID provider for the tests (the certified `oidc-provider` package), in-process on a
 * loopback port, with its own signing keys, people and dev login/consent pages. `tamper` makes
 * the next ID tokens come back changed and re-signed with the provider's key (or a stranger's),
 * as a broken or malicious provider would send them; `rotate` replaces the signing key.
 */

export interface ProviderPerson {
  preferred_username?: string;
  name?: string;
  email?: string;
  email_verified?: boolean;
}

export type Tamper = (claims: Record<string, unknown>) => Record<string, unknown>;

export interface TestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  people: Map<string, ProviderPerson>;
  /** Changes every ID token the token endpoint returns until cleared; `foreignKey` signs with an unknown key. */
  tamper(fn: Tamper | undefined, opts?: { foreignKey?: boolean }): void;
  /** A new signing key (new kid); the old one is no longer published. */
  rotate(): void;
  /** Seconds the next ID tokens live (default 3600). */
  setIdTokenTtl(seconds: number): void;
  /** The kid ID tokens are signed with now. */
  kid(): string;
  close(): Promise<void>;
}

function signingKey(): JWK {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    ...(privateKey.export({ format: 'jwk' }) as JWK),
    kid: randomBytes(6).toString('hex'),
    alg: 'RS256',
    use: 'sig',
  };
}

export async function startTestProvider(opts: { redirectUri: string }): Promise<TestProvider> {
  const people = new Map<string, ProviderPerson>();
  const clientId = 'parley-test';
  const clientSecret = randomBytes(16).toString('hex');
  let key = signingKey();
  let tamper: { fn: Tamper; foreignKey: boolean } | undefined;
  let idTokenTtl = 3600;
  let handler: http.RequestListener = (_req, res) => res.end();
  const server = http.createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  async function resign(idToken: string): Promise<string> {
    if (!tamper) return idToken;
    const header = decodeProtectedHeader(idToken);
    const claims = tamper.fn({ ...decodeJwt(idToken) });
    const signWith = tamper.foreignKey ? signingKey() : key;
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'RS256', kid: tamper.foreignKey ? String(signWith.kid) : String(header.kid) })
      .sign(await importJWK(signWith, 'RS256'));
  }

  function build(): void {
    const provider = new Provider(issuer, {
      clients: [
        {
          client_id: clientId,
          client_secret: clientSecret,
          redirect_uris: [opts.redirectUri],
          grant_types: ['authorization_code'],
          response_types: ['code'],
        },
      ],
      jwks: { keys: [key] },
      cookies: { keys: [randomBytes(16).toString('hex')] },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'preferred_username'] },
      features: { devInteractions: { enabled: true } },
      ttl: { IdToken: () => idTokenTtl },
      findAccount: (_ctx, id) => {
        const person = people.get(id);
        if (!person) return undefined;
        return { accountId: id, claims: () => ({ sub: id, ...person }) };
      },
    });
    provider.use(async (ctx, next) => {
      await next();
      const body = ctx.body as { id_token?: string } | undefined;
      if (ctx.path === '/token' && body?.id_token && tamper)
        ctx.body = { ...body, id_token: await resign(body.id_token) };
    });
    handler = provider.callback();
  }
  build();

  return {
    issuer,
    clientId,
    clientSecret,
    people,
    tamper(fn, o = {}) {
      tamper = fn ? { fn, foreignKey: o.foreignKey ?? false } : undefined;
    },
    rotate() {
      key = signingKey();
      build();
    },
    setIdTokenTtl(seconds) {
      idTokenTtl = seconds;
    },
    kid: () => String(key.kid),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** A browser's cookies, per host, enough for the provider's interaction pages. */
class CookieJar {
  private jar = new Map<string, Map<string, string>>();
  store(url: URL, res: Response): void {
    const host = this.jar.get(url.host) ?? new Map<string, string>();
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair?.indexOf('=') ?? -1;
      if (!pair || eq < 0) continue;
      host.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    this.jar.set(url.host, host);
  }
  header(url: URL): string {
    return [...(this.jar.get(url.host) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
}

export interface SignInTrip {
  /** Where the server sent the browser in the end (the login screen with ?sso= or ?sso_error=). */
  location: string;
  /** The callback URL the provider sent the browser to (to replay it). */
  callback?: string;
}

/**
 * A person's trip as a browser makes it, by plain HTTP: our /sso/oidc/start, the provider's
 * login and consent pages (filled in as `login`), back to our callback. `beforeCallback` runs
 * just before the callback is followed (to move the clock, or keep the URL for a replay).
 */
export async function signInThroughProvider(
  serverUrl: string,
  login: string,
  opts: { beforeCallback?: (url: string) => void | Promise<void>; start?: string } = {},
): Promise<SignInTrip> {
  const jar = new CookieJar();
  let url = new URL(opts.start ?? `${serverUrl}/sso/oidc/start`);
  let method = 'GET';
  let body: URLSearchParams | undefined;
  let callback: string | undefined;
  for (let hop = 0; hop < 20; hop++) {
    if (url.href.startsWith(`${serverUrl}/sso/oidc/callback`)) {
      callback = url.href;
      await opts.beforeCallback?.(url.href);
    }
    const res = await fetch(url, {
      method,
      redirect: 'manual',
      headers: { cookie: jar.header(url), ...(body ? { 'content-type': 'application/x-www-form-urlencoded' } : {}) },
      body,
    });
    jar.store(url, res);
    method = 'GET';
    body = undefined;
    const to = res.headers.get('location');
    if (res.status >= 300 && res.status < 400 && to) {
      if (to.startsWith('/#/')) return { location: to, callback };
      url = new URL(to, url);
      continue;
    }
    const html = await res.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(html)?.[1];
    if (!action || !prompt) throw new Error(`unexpected page at ${url.href}: ${res.status} ${html.slice(0, 200)}`);
    url = new URL(action.replace(/&amp;/g, '&'), url);
    method = 'POST';
    body = new URLSearchParams(prompt === 'login' ? { prompt, login, password: 'any' } : { prompt });
  }
  throw new Error('too many redirects');
}
