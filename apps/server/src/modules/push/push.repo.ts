import type { Kysely, Selectable } from 'kysely';
import type { DB } from '../../platform/db/index';

/** The only SQL of Web Push: the VAPID key row and the subscriptions (migration 0012). */

export async function vapidKeys(db: Kysely<DB>) {
  return db.selectFrom('push_vapid').select(['public_key', 'private_key']).where('id', '=', 1).executeTakeFirst();
}

/** First start on any node: the first insert wins, the others keep what it stored. */
export async function insertVapidKeys(
  db: Kysely<DB>,
  publicKey: string,
  privateKey: string,
  time: number,
): Promise<void> {
  await db
    .insertInto('push_vapid')
    .values({ id: 1, public_key: publicKey, private_key: privateKey, create_time: time })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
}

export interface SubscriptionInput {
  userId: number;
  jti: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  lang: string;
}

/** One row per endpoint: a browser subscribing again (another login) takes it over. */
export async function upsertSubscription(db: Kysely<DB>, s: SubscriptionInput, time: number): Promise<void> {
  const row = { user_id: s.userId, jti: s.jti, p256dh: s.p256dh, auth: s.auth, lang: s.lang };
  await db
    .insertInto('push_subscriptions')
    .values({ ...row, endpoint: s.endpoint, create_time: time })
    .onConflict((oc) => oc.column('endpoint').doUpdateSet({ ...row, create_time: time }))
    .execute();
}

export async function deleteSubscriptions(
  db: Kysely<DB>,
  q: { jti: string; endpoint?: string | undefined },
): Promise<void> {
  let del = db.deleteFrom('push_subscriptions').where('jti', '=', q.jti);
  if (q.endpoint !== undefined) del = del.where('endpoint', '=', q.endpoint);
  await del.execute();
}

export async function deleteByJtis(db: Kysely<DB>, jtis: string[]): Promise<void> {
  if (jtis.length) await db.deleteFrom('push_subscriptions').where('jti', 'in', jtis).execute();
}

export async function deleteById(db: Kysely<DB>, id: number): Promise<void> {
  await db.deleteFrom('push_subscriptions').where('id', '=', id).execute();
}

/** A subscription as a push needs it: where to send, its keys, the language of its texts. */
export type LiveSubscription = Pick<
  Selectable<DB['push_subscriptions']>,
  'id' | 'user_id' | 'endpoint' | 'p256dh' | 'auth' | 'lang'
>;

/** Subscriptions of these users whose session is still valid. */
export async function liveSubscriptions(
  db: Kysely<DB>,
  userIds: number[],
  nowSeconds: number,
): Promise<LiveSubscription[]> {
  if (userIds.length === 0) return [];
  return db
    .selectFrom('push_subscriptions as p')
    .innerJoin('sessions as s', 's.jti', 'p.jti')
    .select(['p.id', 'p.user_id', 'p.endpoint', 'p.p256dh', 'p.auth', 'p.lang'])
    .where('p.user_id', 'in', userIds)
    .where('s.revoked', '=', 0)
    .where('s.exp', '>', nowSeconds)
    .execute();
}
