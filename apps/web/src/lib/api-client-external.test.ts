import { describe, expect, it, vi } from 'vitest';
import { ApiError, createApiClient, type ApiDeps } from './api-client';

/** `getExternalJson`: the maps provider's calls must never carry the session. */

function setup(fetch: ApiDeps['fetch'], online = true) {
  const toast = vi.fn<ApiDeps['toast']>();
  const client = createApiClient({
    fetch,
    isOnline: () => online,
    getToken: () => 'bearer secret.token.value',
    text: (k) => k,
    toast,
  });
  return { client, toast };
}

describe('api client: third-party JSON', () => {
  it('GETs without the token, the client id or cookies and returns the parsed body', async () => {
    const fetch = vi.fn<ApiDeps['fetch']>(async () => new Response('[{"lat":"1"}]', { status: 200 }));
    const { client, toast } = setup(fetch);
    await expect(client.getExternalJson('https://maps.example/search?q=a')).resolves.toEqual([{ lat: '1' }]);
    const [url, init] = fetch.mock.calls[0] ?? [];
    expect(url).toBe('https://maps.example/search?q=a');
    expect(init?.method).toBe('GET');
    expect(init?.credentials).toBe('omit');
    expect(JSON.stringify(init?.headers)).not.toContain('secret');
    expect(toast).not.toHaveBeenCalled();
  });

  it('rejects quietly on an HTTP error, a broken body or no network', async () => {
    const failing: ApiDeps['fetch'][] = [
      async () => new Response('nope', { status: 503 }),
      async () => new Response('not json', { status: 200 }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    for (const fetch of failing) {
      const { client, toast } = setup(fetch);
      const error = await client.getExternalJson('https://maps.example/x').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect((error as ApiError).kind).toBe('network');
      expect(toast).not.toHaveBeenCalled();
    }
  });

  it('does not try when the device is offline', async () => {
    const fetch = vi.fn<ApiDeps['fetch']>();
    const { client } = setup(fetch, false);
    await expect(client.getExternalJson('https://maps.example/x')).rejects.toMatchObject({ kind: 'offline' });
    expect(fetch).not.toHaveBeenCalled();
  });
});
