import type { BrowserContext, Page } from 'playwright-core';

/**
 * A browser on a network where only the relay gets through (two phones on mobile data, an
 * office behind a symmetric NAT; issue 40): every peer connection of the context is made with
 * `iceTransportPolicy: 'relay'`, so host candidates are never even gathered and the media can
 * only flow through TURN. The product sets no such policy itself; this is the network, not
 * the app. The connections are kept on `window.__pcs` for `getStats` below.
 */
export async function relayOnly(ctx: BrowserContext): Promise<void> {
  await ctx.addInitScript(() => {
    const Native = window.RTCPeerConnection;
    const made: RTCPeerConnection[] = [];
    (window as unknown as { __pcs: RTCPeerConnection[] }).__pcs = made;
    class RelayOnly extends Native {
      constructor(config: RTCConfiguration = {}) {
        super({ ...config, iceTransportPolicy: 'relay' });
        made.push(this);
      }
    }
    window.RTCPeerConnection = RelayOnly;
  });
}

export interface MediaPath {
  /** Candidate types of the selected pair (local, remote); null before one is selected. */
  local: string | null;
  remote: string | null;
  /** `inbound-rtp` bytes received so far, audio and video together. */
  bytesReceived: number;
}

/** What `getStats` says of the page's connected call (the first peer connection that is up). */
export function mediaPath(page: Page): Promise<MediaPath> {
  return page.evaluate(async () => {
    const pcs = (window as unknown as { __pcs?: RTCPeerConnection[] }).__pcs ?? [];
    const pc = pcs.find((p) => p.connectionState === 'connected');
    const out = { local: null as string | null, remote: null as string | null, bytesReceived: 0 };
    if (!pc) return out;
    const stats = new Map<string, Record<string, unknown>>();
    (await pc.getStats()).forEach((s: Record<string, unknown>) => stats.set(String(s.id), s));
    for (const s of stats.values()) {
      if (s.type === 'inbound-rtp') out.bytesReceived += Number(s.bytesReceived) || 0;
      if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
        const pair = stats.get(s.selectedCandidatePairId);
        out.local = String(stats.get(String(pair?.localCandidateId))?.candidateType ?? '') || null;
        out.remote = String(stats.get(String(pair?.remoteCandidateId))?.candidateType ?? '') || null;
      }
    }
    return out;
  });
}
