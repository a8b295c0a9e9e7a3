import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { LocationExtends } from '@parley/protocol';
import { MemoryRouter } from 'react-router';
import { Providers } from '../../../app/providers';
import { configureApi } from '../../../lib/api-client';
import { createQueryClient } from '../../../lib/query-client';
import { defaultFakeFetch } from '../../../test/render-app';
import { LocationChooser } from './LocationChooser';

/** The chooser with no maps provider configured (the protocol default): coordinates only. */

type Geo = Pick<Geolocation, 'getCurrentPosition'>;
function withGeolocation(geo: Geo | undefined) {
  Object.defineProperty(navigator, 'geolocation', { value: geo, configurable: true });
}
const at = (latitude: number, longitude: number): Geo => ({
  getCurrentPosition: (ok) => ok({ coords: { latitude, longitude } } as GeolocationPosition),
});
const denied: Geo = {
  getCurrentPosition: (_ok, fail) => fail?.({ code: 1, message: 'denied' } as GeolocationPositionError),
};

async function open(onSend: (ext: LocationExtends) => void) {
  configureApi({ fetch: defaultFakeFetch, isOnline: () => true, toast: () => {} });
  render(
    <Providers queryClient={createQueryClient()}>
      {/* the chooser lives on the chat's route (its back button handling needs a router) */}
      <MemoryRouter>
        <LocationChooser open onClose={() => {}} onSend={onSend} />
      </MemoryRouter>
    </Providers>,
  );
  await act(async () => new Promise((r) => setTimeout(r, 0)));
}

afterEach(() => {
  cleanup();
  withGeolocation(undefined);
});

describe('location chooser without a maps provider', () => {
  it('offers the device position, says search is not set up, and sends the coordinates', async () => {
    withGeolocation(at(31.2304, 121.4737));
    const onSend = vi.fn<(ext: LocationExtends) => void>();
    await open(onSend);
    await waitFor(() => expect(screen.getAllByTestId('place-row')).toHaveLength(1));
    expect(screen.getByTestId('place-row').textContent).toContain('31.23040, 121.47370');
    expect(screen.getByTestId('location-search-off')).toBeTruthy();
    expect(screen.queryByTestId('location-search')).toBeNull();
    expect(screen.getByTestId('map-placeholder').textContent).toContain('31.23040, 121.47370');
    fireEvent.click(screen.getByTestId('location-send'));
    expect(onSend).toHaveBeenCalledWith({
      name: '我的位置',
      address: '31.23040, 121.47370',
      latitude: 31.2304,
      longitude: 121.4737,
    });
  });

  it('says what to do when the position is refused and there is no IP service, and sends nothing', async () => {
    withGeolocation(denied);
    const onSend = vi.fn<(ext: LocationExtends) => void>();
    await open(onSend);
    await waitFor(() => expect(screen.getByTestId('location-retry')).toBeTruthy());
    expect(screen.getByTestId('location-status').textContent).toContain('定位权限');
    expect((screen.getByTestId('location-send') as HTMLButtonElement).disabled).toBe(true);
    // Allowed now: retrying finds the position.
    withGeolocation(at(1.5, 2.5));
    fireEvent.click(screen.getByTestId('location-retry'));
    await waitFor(() => expect(screen.getAllByTestId('place-row')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('location-send'));
    expect(onSend).toHaveBeenCalledWith(expect.objectContaining({ latitude: 1.5, longitude: 2.5 }));
  });
});
