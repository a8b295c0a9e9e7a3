import { CallType } from '@parley/protocol';
import { useSystemInfo } from '../system/api';
import { startCall } from './controller';
import type { CallPeer } from './machine';

/**
 * Whether calls are offered (chatInfo.webrtc 1) and the two ways to start one with `peer`
 * (null: nobody to call — a group, my favourites, myself).
 */
export function useCallActions(peer: CallPeer | null): { voice(): void; video(): void } | null {
  const { info } = useSystemInfo();
  if (!peer || Number(info.chatInfo.webrtc) !== 1) return null;
  return { voice: () => startCall(peer, CallType.voice), video: () => startCall(peer, CallType.video) };
}
