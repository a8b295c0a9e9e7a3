import { afterEach, describe, expect, it } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { i18n } from '../../../i18n';
import { useConnection } from '../../../state/connection';
import { PeerStatus } from './PeerStatus';

/** Issue 22: the header never claims the peer is online while we ourselves are disconnected. */

const line = () => screen.getByTestId('chat-online');

afterEach(async () => {
  cleanup();
  useConnection.setState({ status: 'idle' });
  await i18n.changeLanguage('zh-Hans');
});

describe('the peer line under a chat title', () => {
  it('shows the peer online only while our own connection is open', async () => {
    await i18n.changeLanguage('zh-Hans');
    useConnection.setState({ status: 'open' });
    render(<PeerStatus online className="s" onlineClassName="on" />);
    expect(line().textContent).toBe('在线');
    expect(line().className).toContain('on');

    act(() => useConnection.setState({ status: 'down' }));
    expect(line().textContent).toBe('连接中…');
    expect(line().className).not.toContain('on');
    act(() => useConnection.setState({ status: 'connecting' }));
    expect(line().textContent).toBe('连接中…');

    act(() => useConnection.setState({ status: 'open' }));
    expect(line().textContent).toBe('在线');
  });

  it('says offline for an offline peer, and connecting in English while we are down', async () => {
    await i18n.changeLanguage('en');
    useConnection.setState({ status: 'open' });
    render(<PeerStatus online={false} className="s" onlineClassName="on" />);
    expect(line().textContent).toBe('Offline');
    act(() => useConnection.setState({ status: 'down' }));
    expect(line().textContent).toBe('Connecting…');
  });
});
