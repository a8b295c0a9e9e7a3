import type { SelfInfo } from '@parley/protocol';
import type { RouteName } from '../../nav/routes';
import { isAdmin } from '../../state/auth';

/**
 * The rows of the Me screen, in order; rows sharing `group` sit in one block. Other areas add
 * theirs here (e.g. "Admin" for administrators, "Discover" when it is on) — one entry each.
 */
export interface MineRow {
  id: string;
  group: number;
  /** i18n key of the label. */
  label: string;
  to: RouteName;
  query?: Record<string, string>;
  /** Shown only when this says so (roles, system switches). */
  visible?: (me: SelfInfo) => boolean;
}

export const mineRows: MineRow[] = [
  { id: 'profile', group: 1, label: 'me.rows.profile', to: 'profile' },
  { id: 'secure', group: 1, label: 'me.rows.secure', to: 'secure' },
  { id: 'discover', group: 1.5, label: 'moments.discover.title', to: 'discover' },
  { id: 'setting', group: 2, label: 'me.rows.setting', to: 'setting' },
  { id: 'admin', group: 2, label: 'me.rows.admin', to: 'admin', visible: isAdmin },
  { id: 'files', group: 3, label: 'me.rows.files', to: 'fileManager' },
  { id: 'stickers', group: 3, label: 'me.rows.stickers', to: 'emoji' },
  { id: 'help', group: 4, label: 'me.rows.help', to: 'doc' },
  { id: 'about', group: 4, label: 'me.rows.about', to: 'about' },
];

/** Visible rows split into their blocks, blocks in ascending `group`. */
export function groupedRows(rows: readonly MineRow[], me: SelfInfo): MineRow[][] {
  const blocks = new Map<number, MineRow[]>();
  for (const r of rows) {
    if (r.visible && !r.visible(me)) continue;
    blocks.set(r.group, [...(blocks.get(r.group) ?? []), r]);
  }
  return [...blocks.entries()].sort((a, b) => a[0] - b[0]).map(([, list]) => list);
}
