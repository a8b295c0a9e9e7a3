import { expect } from 'vitest';
import { pushesReached, type TestServer, type TestSocket, type TestUser } from './helpers/index';
import { uuid } from './chat-fixtures';

/** Helpers for sendToMsg (PROTOCOL §10) tests. */

export interface WebrtcData {
  id: string;
  msg_id: number;
  toContactId: number;
  toUser?: number;
  content: string;
  fromUser: { id: number; displayName: string };
  extends: {
    type: number;
    status: number;
    event: string;
    code: number;
    callTime: number;
    sdp?: unknown;
    iceCandidate?: string;
    isMobile: boolean;
  };
  contactInfo?: { id: number; lastContent: string };
}

export function signal(
  s: TestServer,
  u: TestUser,
  body: Record<string, unknown>,
  opts: { lang?: string; form?: boolean } = {},
) {
  return s.api.post('/enterprise/im/sendToMsg', body, { token: u.token, lang: opts.lang ?? 'zh-CN', form: opts.form });
}

/** `from` rings `to` (video unless `type` 0); returns the call id and the stored msg_id. */
export async function ring(
  s: TestServer,
  from: TestUser,
  to: TestUser,
  extra: Record<string, unknown> = {},
  lang?: string,
) {
  const id = uuid();
  const res = await signal(
    s,
    from,
    { id, toContactId: to.id, type: 1, status: 1, event: 'calling', code: 901, ...extra },
    { lang },
  );
  return { id, res, msgId: Number(res.body.data?.msg_id ?? 0) };
}

/** The next `webrtc` frame of this call with this event (and code). */
export const nextCall = (ws: TestSocket, id: string, event: string, code?: number) =>
  ws.next<WebrtcData>(
    'webrtc',
    (d) => d.id === id && d.extends.event === event && (code === undefined || d.extends.code === code),
  );

/** No `webrtc` frame of this call with this event reached `ws`, up to every push `nodes` queued so far. */
export async function noCall(nodes: TestServer | TestServer[], ws: TestSocket, id: string, event = 'hangup') {
  await pushesReached(nodes, ws);
  const frames = ws.frames.map((f) => f.data as WebrtcData).filter((d) => d?.id === id && d.extends?.event === event);
  expect(frames).toEqual([]);
}

/** Resolves once a request of this server waits on a one-shot timer beyond `before` ones. */
export async function whenWaiting(s: TestServer, before: number): Promise<void> {
  for (let i = 0; i < 200 && s.clock.timers.waiting() <= before; i++) await new Promise((r) => setTimeout(r, 10));
}

/** The stored call row as its parties would list it. */
export async function callRow(s: TestServer, id: string) {
  const row = await s.database.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
  return row && { content: row.content, extends: JSON.parse(row.extends) as WebrtcData['extends'] };
}
