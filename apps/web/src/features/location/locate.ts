import { isValidPosition, type LatLng } from './geo';
import type { MapProvider } from './provider';

/** Geolocation timeout (spec §9). */
const geolocationTimeoutMs = 100_000;

export interface Located {
  at: LatLng;
  /** `ip`: the device had no position to give (missing API, denied, failed) — less exact. */
  source: 'device' | 'ip';
}

type Geo = Pick<Geolocation, 'getCurrentPosition'>;

function devicePosition(geo: Geo | undefined): Promise<LatLng | null> {
  if (!geo) return Promise.resolve(null);
  return new Promise((resolve) => {
    try {
      geo.getCurrentPosition(
        (pos) => {
          const at = { latitude: pos.coords.latitude, longitude: pos.coords.longitude };
          resolve(isValidPosition(at) ? at : null);
        },
        () => resolve(null),
        { enableHighAccuracy: true, timeout: geolocationTimeoutMs, maximumAge: 30_000 },
      );
    } catch {
      resolve(null);
    }
  });
}

/**
 * The user's position: the device's when it gives one, else the IP service's (spec §6:
 * "device nonsupport geolocation falls back to IP location"); null when neither can.
 */
export async function locate(
  provider: Pick<MapProvider, 'ipLocate'>,
  geo: Geo | undefined = globalThis.navigator?.geolocation,
): Promise<Located | null> {
  const device = await devicePosition(geo);
  if (device) return { at: device, source: 'device' };
  const ip = await provider.ipLocate().catch(() => null);
  return ip ? { at: ip, source: 'ip' } : null;
}
