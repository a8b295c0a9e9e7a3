import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { TFunction } from 'i18next';
import type { SelfInfo } from '@parley/protocol';
import { ChatIcon, ContactsIcon, type IconProps } from '../ui/icons';
import { useTotalUnread } from '../features/conversations/api';
import { useFriendBadge } from '../features/contacts/use-friend-badge';
import { useMomentsUnread } from '../features/moments/api';
import { CompassIcon } from '../features/moments/components/icons';
import type { SectionShape } from './panes';

/**
 * The desktop rail (≥ 1024 px), top to bottom, as data: one entry per section. To add a section
 * (Me, Discover, Admin, Search…) add ONE entry below once its route has a working screen (not
 * the "coming soon" one); pages it owns go in `routes`, and a `List` gives it the list pane
 * (without one its pages take the list's room too). Order here is order on the rail.
 * Pane logic lives in app/panes.ts; the phone tab bar (app/TabBar.tsx) is separate.
 */
export interface Section extends SectionShape {
  label: (t: TFunction) => string;
  Icon: ComponentType<IconProps & { filled?: boolean }>;
  /** A hook giving the badge count (0 hides it); called on every render of the rail. */
  useBadge?: () => number;
  /** The list pane (a screen rendering a `Page`). */
  List?: LazyExoticComponent<ComponentType>;
  /** The detail pane's text while nothing from the list is open. */
  placeholder?: (t: TFunction) => string;
  /** Who sees the entry; everybody without it. Admin: `(me) => me?.role === 1 || me?.role === 2`. */
  visible?: (me: SelfInfo | null) => boolean;
  /** Drawn as my avatar at the top of the rail instead of an icon (the Me section). */
  avatar?: boolean;
}

const HomeList = lazy(() => import('../features/home/screens/HomeScreen'));
const ContactsList = lazy(() => import('../features/contacts/screens/ContactsScreen'));
const MeList = lazy(() => import('../features/mine/screens/MineScreen'));
const DiscoverList = lazy(() => import('../features/moments/screens/DiscoverScreen'));

/** Moments' count of new likes and comments (its "new post" dot has no number to show). */
const useDiscoverBadge = () => useMomentsUnread().data?.count ?? 0;

export const sections: readonly Section[] = [
  {
    key: 'me',
    avatar: true,
    route: 'mine',
    // Me's rows open beside it; help's links and the in-app browser too.
    routes: ['mine', 'profile', 'secure', 'setting', 'about', 'doc', 'webview', 'fileManager', 'emoji'],
    roots: ['profile', 'secure', 'setting', 'about', 'doc', 'fileManager', 'emoji'],
    hasList: true,
    label: (t) => t('me.title'),
    Icon: ContactsIcon,
    List: MeList,
    placeholder: (t) => t('me.pickRow'),
  },
  {
    key: 'chats',
    route: 'home',
    routes: ['home', 'chat'],
    // A group's pages (from a chat's ···) show beside the conversation list when deep-linked.
    hosts: ['chatDetail', 'chatRecord', 'groupUser', 'groupInfo', 'groupQrcode'],
    roots: ['chat'],
    hasList: true,
    label: (t) => t('tabs.home'),
    Icon: ChatIcon,
    useBadge: useTotalUnread,
    List: HomeList,
    placeholder: (t) => t('desktop.pickChat'),
  },
  {
    key: 'contacts',
    route: 'contacts',
    routes: ['contacts', 'newFriends', 'groupList', 'searchFriends'],
    hosts: ['contactDetail'],
    roots: ['contactDetail', 'newFriends', 'groupList', 'searchFriends'],
    hasList: true,
    label: (t) => t('tabs.contacts'),
    Icon: ContactsIcon,
    // The same count as the "New friends" row of the address book.
    useBadge: useFriendBadge,
    List: ContactsList,
    placeholder: (t) => t('desktop.pickContact'),
  },
  {
    key: 'discover',
    route: 'discover',
    routes: ['discover', 'moments', 'momentsPublish', 'momentsNotices'],
    roots: ['moments'],
    hasList: true,
    label: (t) => t('moments.discover.title'),
    Icon: CompassIcon,
    useBadge: useDiscoverBadge,
    List: DiscoverList,
    placeholder: (t) => t('desktop.pickItem'),
  },
  // Next, as their screens land (one entry each, with their own icon and label):
  //   Admin:  { key: 'admin', route: <admin route>, routes: [...], hasList: false, visible: (me) => me?.role === 1 || me?.role === 2, … }
  //   Search: { key: 'search', route: 'search', routes: ['search'], hasList: false, … }
];

/** The sections this user may see (e.g. Admin only for role 1/2). */
export function visibleSections(me: SelfInfo | null): readonly Section[] {
  return sections.filter((s) => s.visible?.(me) ?? true);
}
