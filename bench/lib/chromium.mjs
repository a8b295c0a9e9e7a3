import { chromium } from 'playwright-core';

/**
 * Debian's Chromium as the browser workloads drive it (first-load, reopen): headless, no QUIC, no
 * background traffic of its own to blur the bytes counted.
 */
export function launchChromium() {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--disable-background-networking'],
  });
}

/** DevTools' "Fast 3G": 562.5 ms latency, 1.44 Mbit/s down, 675 kbit/s up (CDP units: bytes per second). */
export const FAST_3G = { offline: false, latency: 562.5, downloadThroughput: 180_000, uploadThroughput: 84_375 };
