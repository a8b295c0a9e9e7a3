import { describe, expect, it } from 'vitest';
import { pathOfStats } from './ice-path';

const stats = (local: string, remote: string, viaTransport = true) =>
  new Map(
    [
      { id: 'T1', type: 'transport', ...(viaTransport ? { selectedCandidatePairId: 'P2' } : {}) },
      // A pair that was tried and failed must not be read as the path.
      { id: 'P1', type: 'candidate-pair', state: 'failed', localCandidateId: 'L0', remoteCandidateId: 'R0' },
      {
        id: 'P2',
        type: 'candidate-pair',
        state: 'succeeded',
        nominated: true,
        localCandidateId: 'L1',
        remoteCandidateId: 'R1',
      },
      { id: 'L0', type: 'local-candidate', candidateType: 'relay' },
      { id: 'R0', type: 'remote-candidate', candidateType: 'relay' },
      { id: 'L1', type: 'local-candidate', candidateType: local },
      { id: 'R1', type: 'remote-candidate', candidateType: remote },
    ].map((s) => [s.id, s]),
  );

describe('pathOfStats', () => {
  it('names the relay when either end of the selected pair is a TURN relay', () => {
    expect(pathOfStats(stats('relay', 'host'))).toBe('relay');
    expect(pathOfStats(stats('srflx', 'relay'))).toBe('relay');
  });
  it('names STUN for a server-reflexive end, and direct for host or peer-reflexive ends', () => {
    expect(pathOfStats(stats('srflx', 'host'))).toBe('stun');
    expect(pathOfStats(stats('host', 'host'))).toBe('direct');
    expect(pathOfStats(stats('host', 'prflx'))).toBe('direct');
  });
  it('falls back to the nominated pair when the transport names none, and says nothing without a pair', () => {
    expect(pathOfStats(stats('host', 'srflx', false))).toBe('stun');
    expect(pathOfStats(new Map([['T1', { id: 'T1', type: 'transport' }]]))).toBeNull();
  });
});
