import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import '../../../i18n';
import { i18n } from '../../../i18n';
import { contact } from '../../../state/conversations/fixtures';
import { ConversationRow } from './ConversationRow';

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('zh-Hans');
});

const row = (over: Parameters<typeof contact>[1], props: { draft?: string } = {}) => {
  const onOpen = vi.fn();
  render(
    <ConversationRow
      contact={contact('group-5', { displayName: 'Team', lastContent: 'hi all', ...over })}
      now={1_000_000_000_000}
      onOpen={onOpen}
      onMenu={() => {}}
      {...props}
    />,
  );
  return { onOpen, row: screen.getByTestId('conversation-row') };
};

describe('conversation row', () => {
  it('marks a group where someone mentioned me before the preview, and opens on a tap', () => {
    const { row: el, onOpen } = row({ unread: 3, is_at: 2 });
    expect(el.textContent).toContain('[有人@我]hi all');
    expect(screen.getByTestId('conversation-unread').textContent).toBe('3');
    // Named by what it shows, the count said in words.
    expect(el.getAttribute('aria-label')).toBeNull();
    expect(el.textContent).toContain('Team');
    expect(el.textContent).toContain('3条未读');
    fireEvent.click(el);
    expect(onOpen).toHaveBeenCalledWith(expect.objectContaining({ id: 'group-5' }));
  });

  it('shows no mark without mentions, and the English mark in English', async () => {
    row({ unread: 1, is_at: 0 });
    expect(screen.getByTestId('conversation-row').textContent).not.toContain('@');
    cleanup();
    await i18n.changeLanguage('en');
    row({ is_at: 1 });
    expect(screen.getByTestId('conversation-row').textContent).toContain('[@me]hi all');
  });

  it('keeps the mention mark beside a draft', () => {
    row({ is_at: 1 }, { draft: 'reply later' });
    expect(screen.getByTestId('conversation-row').textContent).toContain('[有人@我][草稿]reply later');
  });
});
