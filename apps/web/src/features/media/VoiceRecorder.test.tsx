import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../i18n';

/** A microphone the test controls: how long "was recorded", and whether permission is given. */
const mic = { seconds: 3.2, deny: false };
const sendUpload = vi.fn();
const toast = vi.fn();

vi.mock('./send-file', () => ({ sendUpload: (...a: unknown[]) => sendUpload(...a) }));
vi.mock('../../ui/dialogs', () => ({ dialogs: { toast: (...a: unknown[]) => toast(...a) } }));
vi.mock('./recorder', async (load) => {
  const real = await load<typeof import('./recorder')>();
  class FakeRecorder {
    start = async () => {};
    elapsed = () => 0;
    stop = async () => ({
      blob: new Blob(['ogg'], { type: 'audio/webm' }),
      mime: 'audio/webm',
      ext: 'webm',
      seconds: mic.seconds,
    });
  }
  return {
    ...real,
    openMedia: async () => {
      if (mic.deny) throw new real.MediaError('denied');
      return { getTracks: () => [] };
    },
    Recorder: FakeRecorder,
  };
});

const { VoiceRecorder } = await import('./VoiceRecorder');

beforeEach(() => {
  mic.seconds = 3.2;
  mic.deny = false;
});
afterEach(() => {
  cleanup();
  sendUpload.mockReset();
  toast.mockReset();
});

function show() {
  render(
    <QueryClientProvider client={new QueryClient()}>
      <VoiceRecorder conversation="7" />
    </QueryClientProvider>,
  );
  return screen.getByTestId('voice-hold');
}
const settle = () => act(async () => new Promise((r) => setTimeout(r, 0)));

describe('hold to talk', () => {
  it('records while held and sends the note with its measured length on release', async () => {
    const hold = show();
    fireEvent.pointerDown(hold, { button: 0, clientY: 500, pointerId: 1 });
    await settle();
    expect(hold.getAttribute('data-phase')).toBe('recording');
    expect(screen.getByTestId('voice-overlay').textContent).toContain('手指上滑，取消发送');
    fireEvent.pointerUp(hold, { clientY: 500, pointerId: 1 });
    await settle();
    expect(sendUpload).toHaveBeenCalledWith(
      expect.anything(),
      '7',
      expect.objectContaining({ type: 'voice', extends: { duration: 3 } }),
    );
    expect(hold.getAttribute('data-phase')).toBe('idle');
  });

  it('slid up: the overlay turns to "release to cancel" and nothing is sent', async () => {
    const hold = show();
    fireEvent.pointerDown(hold, { button: 0, clientY: 500, pointerId: 1 });
    await settle();
    fireEvent.pointerMove(hold, { clientY: 400, pointerId: 1 });
    const overlay = screen.getByTestId('voice-overlay');
    expect(overlay.getAttribute('data-cancelling')).toBe('1');
    expect(overlay.textContent).toContain('松开手指，取消发送');
    fireEvent.pointerUp(hold, { clientY: 400, pointerId: 1 });
    await settle();
    expect(sendUpload).not.toHaveBeenCalled();
  });

  it('works from the keyboard: Space held records, released sends; Esc cancels', async () => {
    const hold = show();
    fireEvent.keyDown(hold, { key: ' ' });
    await settle();
    fireEvent.keyUp(hold, { key: ' ' });
    await settle();
    expect(sendUpload).toHaveBeenCalledTimes(1);

    fireEvent.keyDown(hold, { key: ' ' });
    await settle();
    fireEvent.keyDown(hold, { key: 'Escape' });
    await settle();
    expect(sendUpload).toHaveBeenCalledTimes(1);
  });

  it('says "too short" under 1 s and sends nothing', async () => {
    mic.seconds = 0.4;
    const hold = show();
    fireEvent.pointerDown(hold, { button: 0, clientY: 500, pointerId: 1 });
    await settle();
    fireEvent.pointerUp(hold, { clientY: 500, pointerId: 1 });
    await settle();
    expect(sendUpload).not.toHaveBeenCalled();
    expect(toast).toHaveBeenCalledWith('说话时间太短');
  });

  it('explains a refused microphone the way the spec words it', async () => {
    mic.deny = true;
    const hold = show();
    fireEvent.pointerDown(hold, { button: 0, clientY: 500, pointerId: 1 });
    await settle();
    expect(toast).toHaveBeenCalledWith('麦克风权限被拒绝，请刷新页面后授权', expect.anything());
    expect(hold.getAttribute('data-phase')).toBe('idle');
  });
});
