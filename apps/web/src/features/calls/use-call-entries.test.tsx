import { describe, expect, it } from 'vitest';
import type { ReactNode } from 'react';
import { renderHook } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { defaultSystemInfo, type Contact } from '@parley/protocol';
import '../../i18n';
import { contact } from '../../state/conversations/fixtures';
import { systemInfoKey } from '../system/api';
import { useCallEntries } from './use-call-entries';

function entries(c: Contact | undefined, webrtc: 0 | 1 = 1) {
  const qc = new QueryClient();
  qc.setQueryData(systemInfoKey, { ...defaultSystemInfo, chatInfo: { ...defaultSystemInfo.chatInfo, webrtc } });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={qc}>{children}</QueryClientProvider>
  );
  const { result } = renderHook(
    () => useCallEntries({ conversation: String(c?.id ?? ''), contact: c, myId: 1, close: () => undefined }),
    { wrapper },
  );
  return result.current.map((e) => `${e.key}:${e.label}`);
}

describe('call entries of the "+" panel', () => {
  it('offer a voice and a video call in a single chat', () => {
    expect(entries(contact(2))).toEqual(['voice-call:语音通话', 'video-call:视频通话']);
  });

  it('are absent in groups, my favourites, a chat with myself and when calls are off', () => {
    expect(entries(contact('group-5'))).toEqual([]);
    expect(entries(contact(-1, { is_group: 3 }))).toEqual([]);
    expect(entries(contact(1))).toEqual([]);
    expect(entries(contact(2), 0)).toEqual([]);
  });
});
