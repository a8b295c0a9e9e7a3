import type { ComponentType } from 'react';
import { lazyScreen } from './lazy-screen';
import type { TFunction } from 'i18next';
import type { SelfInfo } from '@parley/protocol';
import { ChatIcon, ContactsIcon, GearIcon, type IconProps } from '../ui/icons';
import { useTotalUnread } from '../state/conversations/api';
import { useFriendBadge } from '../features/contacts/use-friend-badge';
import { useMomentsBadge, useNewPostDot } from '../features/moments/api';
import { CompassIcon } from '../features/moments/components/icons';
import { SearchIcon } from '../features/search/components/icons';
import type { SectionShape } from './panes';
import { isAdmin } from '../state/auth';

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
  /** A hook saying whether to show a red dot when there is no count (something new, uncounted). */
  useDot?: () => boolean;
  /** The list pane (a screen rendering a `Page`). */
  List?: ComponentType;
  /** The detail pane's text while nothing from the list is open. */
  placeholder?: (t: TFunction) => string;
  /** Who sees the entry; everybody without it. Admin: `isAdmin` (state/auth.ts). */
  visible?: (me: SelfInfo | null) => boolean;
  /** Drawn as my avatar at the top of the rail instead of an icon (the Me section). */
  avatar?: boolean;
}

const HomeList = lazyScreen(() => import('../features/home/screens/HomeScreen'));
const ContactsList = lazyScreen(() => import('../features/contacts/screens/ContactsScreen'));
const MeList = lazyScreen(() => import('../features/mine/screens/MineScreen'));
const DiscoverList = lazyScreen(() => import('../features/moments/screens/DiscoverScreen'));

export const sections: readonly Section[] = [
  {
    key: 'me',
    avatar: true,
    route: 'mine',
    // Me's rows open beside it; help's links and the in-app browser too.
    routes: ['mine', 'profile', 'secure', 'setting', 'networkCheck', 'about', 'doc', 'webview', 'fileManager', 'emoji'],
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
    routes: ['contacts', 'newFriends', 'groupList', 'searchFriends', 'org'],
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
    // Notices to read as a count; a new post by a contact as a dot (it has no count).
    useBadge: useMomentsBadge,
    useDot: useNewPostDot,
    List: DiscoverList,
    placeholder: (t) => t('moments.discover.pick'),
  },
  {
    key: 'search',
    route: 'search',
    routes: ['search'],
    // The results take the whole room; a result opens its chat in the chats section.
    hasList: false,
    label: (t) => t('search.box'),
    Icon: SearchIcon,
  },
  {
    // The console brings its own section list, so it takes the whole width beside the rail.
    key: 'admin',
    route: 'admin',
    routes: ['admin'],
    hasList: false,
    label: (t) => t('desktop.admin'),
    Icon: GearIcon,
    visible: isAdmin,
  },
];

/** The sections this user may see (e.g. Admin only for role 1/2). */
export function visibleSections(me: SelfInfo | null): readonly Section[] {
  return sections.filter((s) => s.visible?.(me) ?? true);
}
