import type { Generated } from 'kysely';

/** Web Push tables (0012, modules/push/push.repo.ts). */
export interface PushVapidTable {
  id: number;
  public_key: string;
  private_key: string;
  create_time: number;
}

export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  jti: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  /** The language of the subscribing request: notification texts are written in it. */
  lang: string;
  create_time: number;
}

export interface PushTables {
  push_vapid: PushVapidTable;
  push_subscriptions: PushSubscriptionsTable;
}
