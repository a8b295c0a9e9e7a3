/**
 * Which way a call's media travels (issue 40), read from the selected ICE candidate pair of
 * `getStats()`: `relay` when either end is a TURN relay candidate, `stun` when either end is a
 * server-reflexive address (found through a STUN server, i.e. across a NAT), else `direct`.
 * A peer-reflexive candidate counts as direct: it is learned from the peer's own checks (on one
 * LAN, or loopback), not through any server.
 */
export type CallPath = 'direct' | 'stun' | 'relay';

interface StatLike {
  id: string;
  type: string;
  [k: string]: unknown;
}

/** The selected pair: the transport's `selectedCandidatePairId`, else a nominated succeeded pair. */
function selectedPair(stats: Map<string, StatLike>): StatLike | undefined {
  for (const s of stats.values()) {
    if (s.type === 'transport' && typeof s.selectedCandidatePairId === 'string') {
      const pair = stats.get(s.selectedCandidatePairId);
      if (pair) return pair;
    }
  }
  for (const s of stats.values()) {
    if (s.type === 'candidate-pair' && s.state === 'succeeded' && (s.nominated === true || s.selected === true))
      return s;
  }
  return undefined;
}

export function pathOfStats(stats: Map<string, StatLike>): CallPath | null {
  const pair = selectedPair(stats);
  if (!pair) return null;
  const types = [pair.localCandidateId, pair.remoteCandidateId].map((id) =>
    typeof id === 'string' ? stats.get(id)?.candidateType : undefined,
  );
  if (types.includes('relay')) return 'relay';
  if (types.includes('srflx')) return 'stun';
  return types.some((t) => t === undefined) ? null : 'direct';
}

/** The path of a live connection, or null while no pair is selected. */
export async function callPathOf(pc: RTCPeerConnection): Promise<CallPath | null> {
  const report = await pc.getStats();
  const stats = new Map<string, StatLike>();
  report.forEach((s: StatLike) => stats.set(s.id, s));
  return pathOfStats(stats);
}
