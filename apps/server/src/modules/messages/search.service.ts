import {
  SEARCH_KEYWORDS_MAX, SEARCH_LIMIT_MAX, type Contact, type SearchMessage, type SearchParams, type SearchResult,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import type { ConfigService } from '../config/index';
import {
  conversationOf, conversationOfRow, groupsRepo, parseGroupSetting, type Contacts, type RequestView,
} from '../contacts/index';
import type { UserRow } from '../users/index';
import * as repo from './messages.repo';
import type { MessageRow } from './messages.repo';
import { nameRank } from './name-match';
import { toMessage } from './present';
import * as index from './search-index.repo';
import { matchRanges, queryTerms, type QueryTerm } from './search-terms';

export interface SearchDeps {
  db: Kysely<DB>;
  config: Pick<ConfigService, 'systemInfo'>;
  contacts: Contacts;
}

/** Terms counted to pick the rarest; the rest of a long query is checked on the text. */
const TERMS_COUNTED = 8;
/** Index rows counted per term at most: the rarest below this drives, ties go to the first. */
const COUNT_CAP = 5000;
/** Extra terms every candidate must hold in the index too (cheap lookups that spare row reads). */
const ALSO_MAX = 3;
/** Candidate batches read per request at most (each `batch` rows): a bound on a pathological query. */
const MAX_ROUNDS = 20;

type Found = { row: MessageRow; highlight: Array<[number, number]> };

/** Global search (PROTOCOL §16). */
export function createSearch(deps: SearchDeps) {
  const { db, contacts } = deps;

  /** The rarest term drives the scan; up to ALSO_MAX other exact terms filter it on the index. */
  async function plan(terms: QueryTerm[]): Promise<{ drive: QueryTerm; also: number[] } | undefined> {
    const counted = terms.slice(0, TERMS_COUNTED);
    const counts: number[] = [];
    for (const t of counted) {
      const n = await index.termCount(db, t, COUNT_CAP);
      if (n === 0) return undefined; // a term no message holds: nothing can match
      counts.push(n);
    }
    const order = counted.map((t, i) => ({ t, n: counts[i] as number, range: !('term' in t) })).sort((a, b) => a.n - b.n || Number(a.range) - Number(b.range));
    const [first, ...rest] = order;
    if (!first) return undefined;
    const also = rest.flatMap((o) => ('term' in o.t ? [o.t.term] : [])).slice(0, ALSO_MAX);
    return { drive: first.t, also };
  }

  /** Where each of my groups' history starts for me (the rule of getMessageList). */
  async function myGroups(me: UserRow): Promise<Map<number, number>> {
    const rows = await groupsRepo.groupsOfUser(db, me.id);
    return new Map(rows.map((g) => [g.id, parseGroupSetting(g.setting).history === '1' ? 0 : g.join_msg_id]));
  }

  async function findMessages(me: UserRow, p: SearchParams, limit: number): Promise<{ found: Found[]; hasMore: boolean }> {
    const none = { found: [], hasMore: false };
    const { terms, segments } = queryTerms(p.keywords);
    if (terms.length === 0) return none;
    const groups = await myGroups(me);
    const scope: index.SearchScope = { me: me.id, groups: [...groups.keys()] };
    if (p.toContactId) {
      const conv = conversationOf(me.id, p.toContactId);
      if (!conv || conv.kind === 'admin_notice') return none;
      if (conv.kind === 'group' && !groups.has(conv.groupId)) return none;
      scope.only = index.scopeOf(
        conv.kind === 'group'
          ? { is_group: 1, from_user: me.id, to_user: conv.groupId }
          : conv.kind === 'favourites'
            ? { is_group: 3, from_user: me.id, to_user: -1 }
            : { is_group: 0, from_user: me.id, to_user: conv.peerId },
      );
    }
    const planned = await plan(terms);
    if (!planned) return none;

    const need = (p.page - 1) * limit + limit + 1;
    const batch = Math.max(50, need * 2);
    const found: Found[] = [];
    let before: number | undefined;
    for (let round = 0; round < MAX_ROUNDS && found.length < need; round++) {
      const ids = await index.candidates(db, scope, planned.drive, planned.also, before, batch);
      const rows = new Map((await index.rowsByIds(db, ids)).map((r) => [r.msg_id, r]));
      for (const id of ids) {
        const row = rows.get(id);
        if (!row) continue;
        // Rows of a group from before I joined (unless its history is open) are not mine to see.
        if (row.is_group === 1 && row.msg_id <= (groups.get(row.to_user) ?? Number.MAX_SAFE_INTEGER)) continue;
        const highlight = matchRanges(index.indexedText(row), segments);
        if (highlight) found.push({ row, highlight });
      }
      if (ids.length < batch) break;
      before = ids[ids.length - 1] as number;
    }
    return { found: found.slice((p.page - 1) * limit, p.page * limit), hasMore: found.length > p.page * limit };
  }

  /** Rows as I read them, each with its conversation as I list it. */
  async function present(me: UserRow, found: Found[], listed: Map<string, Contact>, r: RequestView): Promise<SearchMessage[]> {
    if (found.length === 0) return [];
    const rows = found.map((f) => f.row);
    const senderIds = rows.map((x) => x.from_user);
    const chatIds = [...new Set(rows.map((x) => x.chat_identify))];
    const [senders, remarks, { fileUpload }] = await Promise.all([
      repo.usersByIds(db, senderIds),
      contacts.remarksOf(me.id, senderIds),
      deps.config.systemInfo(),
    ]);
    const lastIds = new Map<string, number>();
    const marks = new Map<string, Map<number, number>>();
    for (const chatId of chatIds) {
      lastIds.set(chatId, await repo.lastMsgId(db, chatId));
      const prefs = await repo.prefsForChat(db, chatId);
      marks.set(chatId, new Map(prefs.map((x) => [x.user_id, x.read_msg_id])));
    }
    const cards = new Map<number, Map<number, { role: number; nickname: string }>>();
    for (const row of rows) {
      if (row.is_group !== 1 || cards.has(row.to_user)) continue;
      cards.set(row.to_user, await groupsRepo.membersByIds(db, row.to_user, rows.filter((x) => x.to_user === row.to_user).map((x) => x.from_user)));
    }
    const out: SearchMessage[] = [];
    for (const { row, highlight } of found) {
      const conv = conversationOfRow(me.id, row);
      let contact = listed.get(String(conv.wireId));
      if (!contact) {
        const ref = conv.kind === 'group' ? { kind: 'group' as const, id: conv.groupId } : conv.kind === 'favourites' ? { kind: 'favourites' as const } : { kind: 'user' as const, id: (conv as { peerId: number }).peerId };
        contact = await contacts.info(me, ref, r).catch(() => undefined);
        if (!contact) continue;
        listed.set(String(conv.wireId), contact);
      }
      const sender = senders.get(row.from_user);
      const card = cards.get(row.to_user)?.get(row.from_user);
      const peerId = conv.kind === 'user' ? conv.peerId : 0;
      const mark = marks.get(row.chat_identify)?.get(row.from_user === me.id ? peerId : me.id) ?? 0;
      const message = toMessage(row, {
        viewerId: me.id,
        lang: r.lang,
        origin: r.origin,
        sender,
        senderName: (row.is_group === 1 ? card?.nickname : '') || remarks.get(row.from_user) || sender?.realname || '',
        role: card?.role ?? 3,
        toContactId: conv.wireId,
        isLast: row.msg_id === lastIds.get(row.chat_identify),
        read: conv.kind !== 'user' || row.msg_id <= mark,
        previewPrefix: fileUpload.preview,
      });
      out.push({ ...message, contact, highlight });
    }
    return out;
  }

  return {
    async search(me: UserRow, p: SearchParams, r: RequestView): Promise<SearchResult> {
      const length = [...p.keywords].length;
      if (length < 1 || length > SEARCH_KEYWORDS_MAX) throw new AppError(400, 'search.badKeywords');
      const limit = Math.min(Math.max(p.limit > 0 ? p.limit : 20, 1), SEARCH_LIMIT_MAX);
      const page = Math.max(p.page, 1);
      const want = (kind: 'contacts' | 'groups' | 'messages') => p.type === 'all' || p.type === kind;

      const listed = new Map((await contacts.list(me, r)).data.map((c) => [String(c.id), c]));
      const ranked = (kind: 0 | 1) =>
        [...listed.values()]
          .filter((c) => c.is_group === kind && c.id !== me.id)
          .map((c) => ({ c, rank: nameRank(p.keywords, [c.displayName, c.realname ?? ''], kind === 0 ? (c.account ?? '') : '') }))
          .filter((x) => x.rank > 0)
          .sort((a, b) => a.rank - b.rank || (a.c.name_py ?? '').localeCompare(b.c.name_py ?? ''))
          .slice(0, limit)
          .map((x) => x.c);

      const { found, hasMore } = want('messages') ? await findMessages(me, { ...p, page }, limit) : { found: [], hasMore: false };
      return {
        contacts: want('contacts') ? ranked(0) : [],
        groups: want('groups') ? ranked(1) : [],
        messages: await present(me, found, listed, r),
        hasMore,
      };
    },
  };
}
export type Search = ReturnType<typeof createSearch>;
