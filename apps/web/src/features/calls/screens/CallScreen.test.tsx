import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import { CallCode, CallType, type SelfInfo } from '@parley/protocol';
import '../../../i18n';
import { renderApp } from '../../../test/render-app';
import { useAuth } from '../../../state/auth';
import { useCall } from '../controller';
import { idle, type CallInfo, type CallState } from '../machine';

const me = { user_id: 1, account: 'alice01', realname: 'Alice', displayName: 'Alice', avatar: '' } as SelfInfo;
const call = (over: Partial<CallInfo> = {}): CallInfo => ({
  id: 'c1',
  msgId: 7,
  peer: { id: 2, name: 'Bob', avatar: '' },
  type: CallType.video,
  role: 'caller',
  ...over,
});
const show = (state: CallState) =>
  useCall.setState({ state, local: null, remote: null, mic: true, camera: true, cameras: 1 });
const callPage = '/pages/message/call?msg_id=7&type=1&status=1&id=2&name=Bob';

beforeEach(() => useAuth.getState().setSession('bearer t', me));
afterEach(() => {
  cleanup();
  useCall.setState({ state: idle });
  useAuth.getState().clear();
});

describe('call page', () => {
  it('while ringing the peer: their name, "waiting", mute, cancel and camera', async () => {
    show({ phase: 'outgoing', call: call(), sent: true });
    await renderApp(callPage);
    expect((await screen.findByTestId('call-peer-name')).textContent).toBe('Bob');
    expect(screen.getByTestId('call-status').textContent).toBe('等待对方接受邀请…');
    expect(screen.getByTestId('call-hangup').getAttribute('aria-label')).toBe('取消');
    expect(screen.getByTestId('call-mic').getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByTestId('call-camera')).toBeTruthy();
  });

  it('in a voice call: the running duration, hang up, no camera button; the mic switches off', async () => {
    show({ phase: 'inCall', call: call({ type: CallType.voice }), connectedAt: Date.now() - 65_000 });
    const track = { enabled: true };
    useCall.setState({
      local: {
        getAudioTracks: () => [track],
        getVideoTracks: () => [],
        getTracks: () => [track],
      } as unknown as MediaStream,
    });
    await renderApp(callPage);
    expect((await screen.findByTestId('call-status')).textContent).toMatch(/^01:0[5-6]$/);
    expect(screen.getByTestId('call-hangup').getAttribute('aria-label')).toBe('挂断');
    expect(screen.queryByTestId('call-camera')).toBeNull();
    fireEvent.click(screen.getByTestId('call-mic'));
    expect(screen.getByTestId('call-mic').getAttribute('aria-label')).toBe('麦克风已关');
    expect(useCall.getState().mic).toBe(false);
    expect(track.enabled).toBe(false);
  });

  it('shows how the call ended in my language', async () => {
    show({ phase: 'ended', call: call(), code: CallCode.ended, callTime: 75 });
    await renderApp(callPage);
    expect((await screen.findByTestId('call-status')).textContent).toBe('通话时长 01:15');
    expect(screen.queryByTestId('call-hangup')).toBeNull();
  });

  it('keeps a refused microphone on screen with what to do, until OK', async () => {
    show({ phase: 'ended', call: call(), code: CallCode.cancelled, callTime: 0, reason: 'microphone' });
    await renderApp(callPage);
    expect((await screen.findByTestId('call-status')).textContent).toBe('麦克风权限被拒绝，请刷新页面后授权');
    await act(async () => {
      fireEvent.click(screen.getByTestId('call-close'));
      await new Promise((r) => setTimeout(r, 0));
    });
    expect(useCall.getState().state.phase).toBe('idle');
  });

  it('says so when there is no call', async () => {
    await renderApp(callPage);
    expect((await screen.findByTestId('call-none')).textContent).toContain('当前没有通话');
  });
});

describe('ringing overlay', () => {
  it('rings over any page with the caller, focused on accept', async () => {
    await renderApp('/pages/contacts/index');
    act(() =>
      show({
        phase: 'incoming',
        call: call({ role: 'callee', type: CallType.voice, peer: { id: 3, name: 'Carol', avatar: '' } }),
      }),
    );
    const overlay = await screen.findByTestId('call-overlay');
    expect(overlay.getAttribute('aria-label')).toBe('Carol的来电');
    expect(screen.getByTestId('call-overlay-status').textContent).toBe('邀请你语音通话…');
    expect(document.activeElement).toBe(screen.getByTestId('call-accept'));
    expect(screen.getByTestId('call-decline').getAttribute('aria-label')).toBe('拒绝');
  });

  it('offers the way back to a call from other pages', async () => {
    await renderApp('/pages/contacts/index');
    act(() => show({ phase: 'inCall', call: call(), connectedAt: Date.now() }));
    const pill = await screen.findByTestId('call-return');
    expect(pill.textContent).toBe('00:00');
  });
});
