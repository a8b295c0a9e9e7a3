/**
 * Server event lines (PROTOCOL §4.2 type `event`) in the reader's language.
 *
 * PROTOCOL fixes an event row's `content` as the system line in the language of the causing
 * request (§1.6), so it stays exactly that on the wire, for clients that only read `content`.
 * Parley adds, in the row's `extends` (whose event keys the protocol leaves open, "e.g.
 * `{undoBy}`"), the line as a catalogue key and its parameters:
 *
 *     extends: { "line": { "key": "group.eventJoined", "params": { "name": "Alice" } } }
 *
 * Params are plain text (not HTML-escaped); a list (e.g. invited names) is joined by the reader's
 * separator ("、" / ", "). Readers render the line in their own language from the key: the
 * server does so for getMessageList and getContacts (the request's language), clients for
 * pushes. Rows stored before the key existed (plain `content`, `extends` empty) read as stored.
 * Recall lines need no key: `extends.undoBy` with `from_user` says who recalled whose message
 * (`undoMessage` pushes carry it too).
 *
 * No zod here: the web client imports this file on its own (`@parley/protocol/event-lines`).
 */

export const eventLineKeys = [
  'group.eventCreated',
  'group.eventInvited',
  'group.eventJoined',
  'group.eventLeft',
  'group.eventRemoved',
  /**
   * The owner handed the group over (§6 `changeOwner`, issue 42 #8). PROTOCOL §6 names no line
   * for it; Parley writes one as it does for the other membership changes that move a member's
   * standing (created, invited, joined, left, removed), so members see who owns the group now
   * (WeChat does the same). Params `name` (the old owner), `target` (the new one). A rename or
   * a notice is not a membership change and writes none.
   */
  'group.eventOwnerChanged',
] as const;
export type EventLineKey = (typeof eventLineKeys)[number];

export type EventLineParams = Record<string, string | string[]>;

export interface EventLine {
  key: EventLineKey;
  params: EventLineParams;
}

const known: ReadonlySet<string> = new Set(eventLineKeys);

/** The keyed line of an event row's `extends` (object or stored JSON), or null when it has none or a malformed one. */
export function eventLineOf(ext: unknown): EventLine | null {
  let v = ext;
  if (typeof v === 'string') {
    try {
      v = JSON.parse(v);
    } catch {
      return null;
    }
  }
  if (typeof v !== 'object' || v === null) return null;
  const line = (v as { line?: unknown }).line;
  if (typeof line !== 'object' || line === null) return null;
  const { key, params } = line as { key?: unknown; params?: unknown };
  if (typeof key !== 'string' || !known.has(key)) return null;
  const out: EventLineParams = {};
  if (typeof params === 'object' && params !== null) {
    for (const [name, value] of Object.entries(params)) {
      if (typeof value === 'string') out[name] = value;
      else if (Array.isArray(value)) out[name] = value.filter((x): x is string => typeof x === 'string');
    }
  }
  return { key: key as EventLineKey, params: out };
}

/** The list separator of a language (zh: "、", en: ", "). */
export const listSeparator = (english: boolean): string => (english ? ', ' : '、');
