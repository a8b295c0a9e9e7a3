import { describe, expect, it } from 'vitest';
import { detailBackHidden, panesFor, stepConversation, type SectionShape } from './panes';

const chats: SectionShape = {
  key: 'chats',
  route: 'home',
  routes: ['home', 'chat'],
  hosts: ['chatDetail'],
  roots: ['chat'],
  hasList: true,
};
const contacts: SectionShape = {
  key: 'contacts',
  route: 'contacts',
  routes: ['contacts', 'newFriends', 'groupList', 'searchFriends'],
  hosts: ['contactDetail'],
  roots: ['contactDetail', 'newFriends', 'groupList', 'searchFriends'],
  hasList: true,
};
const me: SectionShape = { key: 'me', route: 'setting', routes: ['setting', 'about'], hasList: false };
const sections = [chats, contacts, me];

describe('panesFor', () => {
  it('shows a section list with an empty detail pane on the list page itself', () => {
    expect(panesFor('home', sections)).toEqual({ mode: 'panes', section: chats, list: true, detail: 'placeholder' });
    expect(panesFor('contacts', sections)).toEqual({
      mode: 'panes',
      section: contacts,
      list: true,
      detail: 'placeholder',
    });
  });

  it('opens a chat beside the conversation list, whatever section was lit before', () => {
    expect(panesFor('chat', sections, 'contacts')).toMatchObject({ section: chats, list: true, detail: 'page' });
  });

  it('keeps the section the user was in for a page of no section', () => {
    // A card opened from a chat keeps the chat list; the same card from the address book keeps that.
    expect(panesFor('contactDetail', sections, 'chats')).toMatchObject({ section: chats, detail: 'page' });
    expect(panesFor('contactDetail', sections, 'contacts')).toMatchObject({ section: contacts, detail: 'page' });
  });

  it('opens a deep link with the section that hosts it, else the first', () => {
    expect(panesFor('contactDetail', sections)).toMatchObject({ section: contacts });
    expect(panesFor('chatDetail', sections)).toMatchObject({ section: chats });
    expect(panesFor('groupUser', sections)).toMatchObject({ section: chats });
    // A section that left the rail (an admin entry, say) is no longer "last".
    expect(panesFor('groupUser', sections, 'admin')).toMatchObject({ section: chats });
  });

  it('lets a section without a list give its page the whole width', () => {
    expect(panesFor('setting', sections)).toMatchObject({ section: me, list: false, detail: 'page' });
  });

  it('keeps sign-in, calls and unknown pages in the single column', () => {
    expect(panesFor('login', sections)).toEqual({ mode: 'single' });
    expect(panesFor('register', sections)).toEqual({ mode: 'single' });
    expect(panesFor('call', sections)).toEqual({ mode: 'single' });
    expect(panesFor(undefined, sections)).toEqual({ mode: 'single' });
    expect(panesFor('home', [])).toEqual({ mode: 'single' });
  });
});

describe('detailBackHidden', () => {
  it('hides the chat back button (it only goes home, which is beside it)', () => {
    expect(detailBackHidden('chat', 'contactDetail', chats)).toBe(true);
  });

  it('hides back on a card opened from the address book or a deep link', () => {
    expect(detailBackHidden('contactDetail', 'contacts', contacts)).toBe(true);
    expect(detailBackHidden('contactDetail', 'contactDetail', contacts)).toBe(true);
    expect(detailBackHidden('newFriends', undefined, contacts)).toBe(true);
  });

  it('keeps back where it returns somewhere the list does not show', () => {
    expect(detailBackHidden('contactDetail', 'groupUser', contacts)).toBe(false);
    expect(detailBackHidden('contactDetail', 'chat', chats)).toBe(false);
    expect(detailBackHidden('chatDetail', 'chat', chats)).toBe(false);
    expect(detailBackHidden('about', 'setting', me)).toBe(false);
  });
});

describe('stepConversation', () => {
  const keys = ['a', 'b', 'c'];
  it('moves to the next and previous conversation in list order', () => {
    expect(stepConversation(keys, 'a', 1)).toBe('b');
    expect(stepConversation(keys, 'c', -1)).toBe('b');
  });

  it('stops at either end', () => {
    expect(stepConversation(keys, 'c', 1)).toBeNull();
    expect(stepConversation(keys, 'a', -1)).toBeNull();
  });

  it('starts from the top (↓) or bottom (↑) when no listed chat is open', () => {
    expect(stepConversation(keys, null, 1)).toBe('a');
    expect(stepConversation(keys, 'gone', -1)).toBe('c');
    expect(stepConversation([], null, 1)).toBeNull();
  });
});
