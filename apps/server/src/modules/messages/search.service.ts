import {
  ContactKind,
  SEARCH_KEYWORDS_MAX,
  SEARCH_LIMIT_MAX,
  type Contact,
  type SearchMessage,
  type SearchParams,
  type SearchResult,
} from '@parley/protocol';
import type { Kysely } from 'kysely';
import type { DB } from '../../platform/db/index';
import { AppError } from '../../platform/http/errors';
import type { RequestView } from '../../platform/http/router';
import type { ConfigService } from '../config/index';
import {
  conversationOf,
  conversationOfRow,
  groupWireId,
  prefsRepo,
  parseGroupSetting,
  type Contacts,
  type GroupReads,
  type MyGroupRow,
} from '../contacts/index';
import { usersRepo, type UserRow } from '../users/index';
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
  /** Reads of the groups module's tables (groups imports messages, so not an import). */
  groupReads: GroupReads;
}

/** Terms counted to pick the rarest; the rest of a long query is checked on the text. */
const TERMS_COUNTED = 8;
/** Index rows counted per term at most: the rarest below this drives, ties go to the first. */
const COUNT_CAP = 1000;
/** Extra terms every candidate must hold in the index too (cheap lookups that spare row reads). */
const ALSO_MAX = 3;
/** Candidate batches read per request at most (each `batch` rows): a bound on a pathological query. */
const MAX_ROUNDS = 20;

type Found = { row: MessageRow; highlight: Array<[number, number]> };

/** Global search (PROTOCOL §16). */
export function createSearch(deps: SearchDeps) {
  const { db, contacts, groupReads } = deps;

  /** The rarest term drives the scan; up to ALSO_MAX other exact terms filter it on the index. */
  async function plan(terms: QueryTerm[]): Promise<{ drive: QueryTerm; also: number[] } | undefined> {
    const counted = terms.slice(0, TERMS_COUNTED);
    const counts = await index.termCounts(db, counted, COUNT_CAP);
    if (counts.some((n) => n === 0)) return undefined; // a term no message holds: nothing can match
    const order = counted
      .map((t, i) => ({ t, n: counts[i] as number, range: !('term' in t) }))
      .sort((a, b) => a.n - b.n || Number(a.range) - Number(b.range));
    const [first, ...rest] = order;
    if (!first) return undefined;
    const also = rest.flatMap((o) => ('term' in o.t ? [o.t.term] : [])).slice(0, ALSO_MAX);
    return { drive: first.t, also };
  }

  async function findMessages(
    me: UserRow,
    p: SearchParams,
    limit: number,
    myGroups: Promise<MyGroupRow[]>,
  ): Promise<{ found: Found[]; hasMore: boolean }> {
    const none = { found: [], hasMore: false };
    const { terms, segments } = queryTerms(p.keywords);
    if (terms.length === 0) return none;
    // The terms' counts do not depend on my groups: both at once (one round trip fewer in a row).
    const [mine, planned] = await Promise.all([myGroups, plan(terms)]);
    // Where each of my groups' history starts for me (the rule of getMessageList).
    const groups = new Map(mine.map((g) => [g.id, parseGroupSetting(g.setting).history === '1' ? 0 : g.join_msg_id]));
    const scope: index.SearchScope = { me: me.id, groups: [...groups.keys()] };
    if (p.toContactId) {
      const conv = conversationOf(me.id, p.toContactId);
      if (!conv || conv.kind === 'admin_notice') return none;
      if (conv.kind === 'group' && !groups.has(conv.groupId)) return none;
      scope.only = index.scopeOf(
        conv.kind === 'group'
          ? { is_group: ContactKind.group, from_user: me.id, to_user: conv.groupId }
          : conv.kind === 'favourites'
            ? { is_group: ContactKind.favourites, from_user: me.id, to_user: -1 }
            : { is_group: ContactKind.person, from_user: me.id, to_user: conv.peerId },
      );
    }
    if (!planned) return none;

    const need = (p.page - 1) * limit + limit + 1;
    const batch = Math.max(50, need * 2);
    const found: Found[] = [];
    let before: number | undefined;
    for (let round = 0; round < MAX_ROUNDS && found.length < need; round++) {
      const { ids, rows } = await index.candidateRows(db, scope, planned.drive, planned.also, before, batch);
      for (const id of ids) {
        const row = rows.get(id);
        if (!row) continue;
        // Rows of a group from before I joined (unless its history is open) are not mine to see.
        if (row.is_group === ContactKind.group && row.msg_id <= (groups.get(row.to_user) ?? Number.MAX_SAFE_INTEGER))
          continue;
        const highlight = matchRanges(index.indexedText(row), segments);
        if (highlight) found.push({ row, highlight });
      }
      if (ids.length < batch) break;
      before = ids[ids.length - 1] as number;
    }
    return { found: found.slice((p.page - 1) * limit, p.page * limit), hasMore: found.length > p.page * limit };
  }

  /**
   * What showing the hits needs besides their conversations: a fixed number of statements, all
   * at once, whatever the number of conversations hit (one statement per conversation made a
   * search on PostgreSQL dozens of round trips).
   */
  async function factsOf(me: UserRow, found: Found[]) {
    if (found.length === 0) return undefined;
    const rows = found.map((f) => f.row);
    const senderIds = rows.map((x) => x.from_user);
    const groupRows = rows.filter((x) => x.is_group === ContactKind.group);
    const [senders, remarks, { fileUpload }, lastIds, marks, cards] = await Promise.all([
      usersRepo.byIds(db, senderIds),
      contacts.remarksOf(me.id, senderIds),
      deps.config.systemInfo(),
      repo.lastMsgIds(
        db,
        rows.map((x) => x.chat_identify),
      ),
      // Read marks matter for one-to-one rows only (whether the peer read mine, or I read theirs).
      prefsRepo.readMarksOf(
        db,
        rows.filter((x) => x.is_group === ContactKind.person).map((x) => x.chat_identify),
      ),
      groupReads.cardsIn(
        db,
        groupRows.map((x) => x.to_user),
        groupRows.map((x) => x.from_user),
      ),
    ]);
    return { senders, remarks, fileUpload, lastIds, marks, cards };
  }

  /** Rows as I read them, each with its conversation as I list it. */
  async function present(
    me: UserRow,
    found: Found[],
    facts: Awaited<ReturnType<typeof factsOf>>,
    listed: Map<string, Contact>,
    r: RequestView,
  ): Promise<SearchMessage[]> {
    if (!facts) return [];
    const { senders, remarks, fileUpload, lastIds, marks, cards } = facts;
    const out: SearchMessage[] = [];
    for (const { row, highlight } of found) {
      const conv = conversationOfRow(me.id, row);
      let contact = listed.get(String(conv.wireId));
      if (!contact) {
        const ref =
          conv.kind === 'group'
            ? { kind: 'group' as const, id: conv.groupId }
            : conv.kind === 'favourites'
              ? { kind: 'favourites' as const }
              : { kind: 'user' as const, id: (conv as { peerId: number }).peerId };
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
        senderName:
          (row.is_group === ContactKind.group ? card?.nickname : '') ||
          remarks.get(row.from_user) ||
          sender?.realname ||
          '',
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

      // Names are matched on the rows; only the matches and the messages' conversations become Contacts.
      const myGroups = groupReads.groupsOfUser(db, me.id);
      const [mine, names, { found, hasMore }] = await Promise.all([
        myGroups,
        want('contacts') ? contacts.searchables(me) : undefined,
        want('messages') ? findMessages(me, { ...p, page }, limit, myGroups) : { found: [], hasMore: false },
      ]);
      const best = <T>(items: T[], rank: (x: T) => number, py: (x: T) => string) =>
        items
          .map((x) => ({ x, rank: rank(x) }))
          .filter((m) => m.rank > 0)
          .sort((a, b) => a.rank - b.rank || py(a.x).localeCompare(py(b.x)))
          .slice(0, limit)
          .map((m) => m.x);
      const people =
        want('contacts') && names
          ? best(
              names.users,
              (u) => nameRank(p.keywords, [names.remarks.get(u.id) ?? '', u.realname], u.account),
              (u) => u.name_py,
            )
          : [];
      const groups = want('groups')
        ? best(
            mine,
            (g) => nameRank(p.keywords, [g.name]),
            (g) => g.name_py,
          )
        : [];

      const peers = found.flatMap(({ row }) =>
        row.is_group === ContactKind.person ? [row.from_user === me.id ? row.to_user : row.from_user] : [],
      );
      const groupIds = new Set([
        ...groups.map((g) => g.id),
        ...found.flatMap(({ row }) => (row.is_group === ContactKind.group ? [row.to_user] : [])),
      ]);
      // The conversations and the hits' own facts are independent: fetched side by side.
      const [some, facts] = await Promise.all([
        contacts.listSome(
          me,
          r,
          [...new Set([...people.map((u) => u.id), ...peers])],
          mine.filter((g) => groupIds.has(g.id)),
        ),
        factsOf(me, found),
      ]);
      const listed = new Map(some.map((c) => [String(c.id), c]));
      const contactOf = (id: number | string) => listed.get(String(id));
      return {
        contacts: people.flatMap((u) => contactOf(u.id) ?? []),
        groups: groups.flatMap((g) => contactOf(groupWireId(g.id)) ?? []),
        messages: await present(me, found, facts, listed, r),
        hasMore,
      };
    },
  };
}
export type Search = ReturnType<typeof createSearch>;
