import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import '../../i18n';
import { ImageBody } from '../chat/components/bodies/ImageBody';
import { VoiceBody } from '../chat/components/bodies/VoiceBody';
import { FileBody } from '../chat/components/bodies/FileBody';
import type { BodyMessage } from '../../state/messages/types';
import { closeImage, useViewer } from './viewer-store';

const toast = vi.fn();
vi.mock('../../ui/dialogs', () => ({ dialogs: { toast: (...a: unknown[]) => toast(...a) } }));

let playing: HTMLMediaElement[] = [];
beforeEach(() => {
  localStorage.clear();
  playing = [];
  // happy-dom plays nothing: the element reports play/pause as a browser would.
  vi.spyOn(HTMLMediaElement.prototype, 'play').mockImplementation(function (this: HTMLMediaElement) {
    playing.push(this);
    Object.defineProperty(this, 'paused', { configurable: true, value: false });
    this.dispatchEvent(new Event('play'));
    return Promise.resolve();
  });
  vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(function (this: HTMLMediaElement) {
    Object.defineProperty(this, 'paused', { configurable: true, value: true });
    this.dispatchEvent(new Event('pause'));
  });
});
afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  toast.mockReset();
  closeImage();
});

const msg = (type: BodyMessage['type'], extra: Partial<BodyMessage> = {}): BodyMessage => ({
  id: `${type}-1`,
  msg_id: 5,
  type,
  content: `https://x/storage/${type}/a`,
  ...extra,
});

describe('voice bubbles', () => {
  it('shows the length, plays on tap and loses the unplayed dot', () => {
    render(<VoiceBody msg={msg('voice', { extends: { duration: 7 } })} mine={false} senderName="Bob" />);
    const body = screen.getByTestId('voice-body');
    expect(body.textContent).toContain('7″');
    expect(screen.getByTestId('voice-unplayed')).toBeTruthy();
    fireEvent.click(body);
    expect(body.getAttribute('data-playing')).toBe('1');
    expect(screen.queryByTestId('voice-unplayed')).toBeNull();
    fireEvent.click(body);
    expect(body.getAttribute('data-playing')).toBe('0');
  });

  it('plays one note at a time, and remembers which were played', () => {
    render(
      <>
        <VoiceBody msg={msg('voice', { id: 'v1', extends: { duration: 2 } })} mine={false} senderName="Bob" />
        <VoiceBody msg={msg('voice', { id: 'v2', extends: { duration: 3 } })} mine={false} senderName="Bob" />
      </>,
    );
    const [first, second] = screen.getAllByTestId('voice-body');
    if (!first || !second) throw new Error('two notes expected');
    fireEvent.click(first);
    fireEvent.click(second);
    expect(first.getAttribute('data-playing')).toBe('0');
    expect(second.getAttribute('data-playing')).toBe('1');
    cleanup();
    render(<VoiceBody msg={msg('voice', { id: 'v1', extends: { duration: 2 } })} mine={false} senderName="Bob" />);
    expect(screen.queryByTestId('voice-unplayed')).toBeNull();
  });

  it('has no dot on my own notes', () => {
    render(<VoiceBody msg={msg('voice', { extends: { duration: 2 } })} mine senderName="Me" />);
    expect(screen.queryByTestId('voice-unplayed')).toBeNull();
  });
});

describe('image bubbles', () => {
  it('take their final size at once, show the thumbnail and open the viewer on tap', () => {
    render(
      <MemoryRouter>
        <ImageBody
          msg={msg('image', { extends: { width: 600, height: 1200, thumb: 'https://x/storage/image/a_thumb.jpg' } })}
          mine={false}
          senderName="Bob"
        />
      </MemoryRouter>,
    );
    const body = screen.getByTestId('image-body');
    expect(body.style.width).toBe('120px');
    expect(body.style.height).toBe('240px');
    expect(body.getAttribute('data-state')).toBe('loading');
    const img = body.querySelector('img');
    expect(img?.getAttribute('src')).toBe('https://x/storage/image/a_thumb.jpg');
    expect(img?.getAttribute('alt')).toBe('Bob发送的图片');
    act(() => void img?.dispatchEvent(new Event('load')));
    expect(body.getAttribute('data-state')).toBe('loaded');
    fireEvent.click(body);
    expect(useViewer.getState().opened?.id).toBe('image-1');
  });
});

describe('file bubbles', () => {
  it('download what cannot be previewed, and say so when nothing can open it', () => {
    render(
      <FileBody
        msg={msg('file', {
          fileName: 'plan.docx',
          fileSize: 2048,
          download: 'https://x/filedown/t',
          preview: 'https://x/view.html?src=a',
        })}
        mine
        senderName="Me"
      />,
    );
    const card = screen.getByTestId('file-body');
    expect(card.textContent).toContain('plan.docx');
    expect(card.textContent).toContain('2 KB');
    expect(card.getAttribute('href')).toBe('https://x/filedown/t');
    expect(card.getAttribute('download')).toBe('plan.docx');
    cleanup();
    render(<FileBody msg={{ id: 'p', type: 'file', content: '', fileName: 'plan.docx' }} mine senderName="Me" />);
    fireEvent.click(screen.getByTestId('file-body'));
    expect(toast).toHaveBeenCalledWith('暂不支持预览该文件');
  });
});
