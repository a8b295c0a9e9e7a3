import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import '../../../i18n';
import { MessageBubble } from './MessageBubble';

afterEach(cleanup);

const me = { id: 1, name: 'Alice' };

describe('MessageBubble read state', () => {
  it('marks my text as unread or read for the peer', () => {
    render(<MessageBubble msg={{ id: 'a', type: 'text', content: 'hi' }} mine sender={me} showName={false} read={false} />);
    expect(screen.getByTestId('message-read-state').getAttribute('data-read')).toBe('0');
  });

  it('shows no read marker on a call record, which nobody reads', () => {
    const call = { id: 'b', type: 'webrtc' as const, content: '通话时长 00:07', extends: { type: 1, code: 906, callTime: 7 } };
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MessageBubble msg={call} mine sender={me} showName={false} read={false} />
      </QueryClientProvider>,
    );
    expect(screen.getByTestId('message-bubble')).toBeTruthy();
    expect(screen.queryByTestId('message-read-state')).toBeNull();
  });
});

describe('MessageBubble upload bar', () => {
  const pic = { id: 'c', type: 'image' as const, content: 'blob:x' };
  it('offers cancel while bytes are still going out', () => {
    render(<MessageBubble msg={pic} mine sender={me} showName={false} status="sending" progress={0.4} />);
    expect(screen.getByTestId('upload-progress')).toBeTruthy();
    expect(screen.getByTestId('upload-cancel')).toBeTruthy();
  });
  it('drops cancel once everything is sent and the server is storing it', () => {
    render(<MessageBubble msg={pic} mine sender={me} showName={false} status="sending" progress={1} />);
    expect(screen.getByTestId('upload-progress')).toBeTruthy();
    expect(screen.queryByTestId('upload-cancel')).toBeNull();
  });
});
