import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { setLanguage } from '../../../i18n';
import { useAuth } from '../../../state/auth';
import { MessageBubble } from './MessageBubble';

afterEach(cleanup);

const me = { id: 1, name: 'Alice' };

describe('MessageBubble read state', () => {
  it('marks my text as unread or read for the peer', () => {
    render(
      <MessageBubble msg={{ id: 'a', type: 'text', content: 'hi' }} mine sender={me} showName={false} read={false} />,
    );
    expect(screen.getByTestId('message-read-state').getAttribute('data-read')).toBe('0');
  });

  it('shows no read marker on a call record, which nobody reads', () => {
    const call = {
      id: 'b',
      type: 'webrtc' as const,
      content: '通话时长 00:07',
      extends: { type: 1, code: 906, callTime: 7 },
    };
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

describe('MessageBubble event lines in the reader language', () => {
  const joined = {
    id: 'e1',
    type: 'event' as const,
    is_group: 1 as const,
    from_user: 7,
    content: 'Bob joined the group by scanning the QR code',
    extends: { line: { key: 'group.eventJoined', params: { name: 'Bob' } } },
  };
  afterEach(async () => {
    await setLanguage('zh-Hans');
  });

  it('words a keyed group line in my language, whatever the sender wrote', async () => {
    await setLanguage('zh-Hans');
    render(<MessageBubble msg={joined} mine={false} sender={{ id: 7, name: 'Bob' }} showName />);
    expect(screen.getByTestId('message-bubble').textContent).toBe('Bob通过扫码加入了群聊');
    cleanup();
    await setLanguage('en');
    const invited = {
      ...joined,
      id: 'e2',
      content: 'x',
      extends: { line: { key: 'group.eventInvited', params: { name: 'Bob', names: ['Ann', '<i>Cy</i>'] } } },
    };
    render(<MessageBubble msg={invited} mine={false} sender={{ id: 7, name: 'Bob' }} showName />);
    expect(screen.getByTestId('message-bubble').textContent).toBe('Bob invited Ann, <i>Cy</i> to the group');
  });

  it('shows a row stored before keys existed as it was written', async () => {
    await setLanguage('en');
    render(
      <MessageBubble
        msg={{ ...joined, content: 'Bob创建了群聊', extends: null }}
        mine={false}
        sender={{ id: 7, name: 'Bob' }}
        showName
      />,
    );
    expect(screen.getByTestId('message-bubble').textContent).toBe('Bob创建了群聊');
  });

  it('words a recall line from who recalled it', async () => {
    await setLanguage('en');
    useAuth.setState({ userInfo: { user_id: 1 } as never });
    const recalled = {
      id: 'r',
      type: 'event' as const,
      is_undo: 1 as const,
      is_group: 1 as const,
      from_user: 7,
      content: '张三撤回了一条消息',
    };
    const line = (undoBy: number, over: Record<string, unknown> = {}) => {
      render(
        <MessageBubble
          msg={{ ...recalled, extends: { undoBy }, ...over }}
          mine={false}
          sender={{ id: 7, name: 'Bob' }}
          showName
        />,
      );
      const text = screen.getByTestId('message-bubble').textContent;
      cleanup();
      return text;
    };
    expect(line(7)).toBe('Bob recalled a message');
    expect(line(1)).toBe('You recalled a message');
    expect(line(9)).toBe('A manager recalled a message');
    expect(line(7, { is_group: 0 })).toBe('The other person recalled a message');
    useAuth.setState({ userInfo: null });
  });
});
