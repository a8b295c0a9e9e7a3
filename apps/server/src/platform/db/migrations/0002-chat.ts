import type { Kysely } from 'kysely';
import { addIdColumn, notNullDefault as nd, type DialectKind } from '../dialect';

/**
 * Friends, groups and messages. Design notes (they decide how fast chat stays):
 * - `chats` keeps one row per conversation with its newest message id, so `is_last` is derived
 *   (msg_id = last_msg_id) and an insert touches one row instead of clearing a flag on many.
 * - Group unread is derived from `group_members.read_msg_id` (count of newer rows from others)
 *   instead of bumping a counter on every member for every message: a send writes O(1) rows.
 * - Mentions get their own rows, so "unread mentions of me" is one indexed lookup.
 */
export async function up(db: Kysely<unknown>, dialect: DialectKind): Promise<void> {
  await addIdColumn(db.schema.createTable('friends'), dialect)
    .addColumn('create_user', 'integer', (c) => c.notNull())
    .addColumn('friend_user_id', 'integer', (c) => c.notNull())
    .addColumn('status', 'integer', nd(2))
    .addColumn('is_invite', 'integer', nd(0))
    .addColumn('remark', 'varchar(255)', nd(''))
    .addColumn('nickname', 'varchar(64)', nd(''))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('friends_pair')
    .unique()
    .on('friends')
    .columns(['create_user', 'friend_user_id'])
    .execute();
  await db.schema.createIndex('friends_target').on('friends').columns(['friend_user_id', 'status']).execute();

  await addIdColumn(db.schema.createTable('groups'), dialect)
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('name_py', 'varchar(255)', nd(''))
    .addColumn('avatar', 'varchar(512)', nd(''))
    .addColumn('owner_id', 'integer', (c) => c.notNull())
    .addColumn('notice', 'text', (c) => c.notNull())
    .addColumn('setting', 'text', (c) => c.notNull())
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .addColumn('update_time', 'bigint', (c) => c.notNull())
    .execute();

  await addIdColumn(db.schema.createTable('group_members'), dialect)
    .addColumn('group_id', 'integer', (c) => c.notNull().references('groups.id').onDelete('cascade'))
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('role', 'integer', nd(3))
    .addColumn('invite_id', 'integer', nd(0))
    .addColumn('nickname', 'varchar(64)', nd(''))
    .addColumn('no_speak_time', 'bigint', nd(0))
    .addColumn('read_msg_id', 'integer', nd(0))
    /** Newest message id when the member joined: the history rule's boundary. */
    .addColumn('join_msg_id', 'integer', nd(0))
    .addColumn('create_time', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('group_members_pair')
    .unique()
    .on('group_members')
    .columns(['group_id', 'user_id'])
    .execute();
  await db.schema.createIndex('group_members_user').on('group_members').columns(['user_id']).execute();

  await db.schema
    .createTable('chats')
    .addColumn('chat_identify', 'varchar(64)', (c) => c.primaryKey())
    .addColumn('last_msg_id', 'integer', nd(0))
    .execute();

  await addIdColumn(db.schema.createTable('messages'), dialect, 'msg_id')
    .addColumn('id', 'varchar(36)', (c) => c.notNull().unique())
    .addColumn('chat_identify', 'varchar(64)', (c) => c.notNull())
    .addColumn('from_user', 'integer', (c) => c.notNull())
    .addColumn('to_user', 'integer', (c) => c.notNull())
    .addColumn('is_group', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('extends', 'text', nd(''))
    .addColumn('file_id', 'integer', nd(0))
    .addColumn('file_cate', 'integer', nd(0))
    .addColumn('file_name', 'varchar(255)', nd(''))
    .addColumn('file_size', 'bigint', nd(0))
    .addColumn('at', 'text', nd(''))
    .addColumn('pid', 'integer', nd(0))
    .addColumn('is_read', 'integer', nd(0))
    .addColumn('is_undo', 'integer', nd(0))
    .addColumn('send_time_ms', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('messages_chat').on('messages').columns(['chat_identify', 'msg_id']).execute();
  await db.schema
    .createIndex('messages_unread')
    .on('messages')
    .columns(['to_user', 'is_group', 'is_read', 'from_user'])
    .execute();
  await db.schema.createIndex('messages_sender').on('messages').columns(['from_user', 'msg_id']).execute();

  await db.schema
    .createTable('message_mentions')
    .addColumn('msg_id', 'integer', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('group_id', 'integer', (c) => c.notNull())
    .addColumn('is_read', 'integer', nd(0))
    .addPrimaryKeyConstraint('message_mentions_pk', ['msg_id', 'user_id'])
    .execute();
  await db.schema
    .createIndex('message_mentions_user')
    .on('message_mentions')
    .columns(['user_id', 'group_id', 'is_read'])
    .execute();

  await db.schema
    .createTable('message_hidden')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('msg_id', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_hidden_pk', ['user_id', 'msg_id'])
    .execute();

  /** Per-user conversation preferences and `delChat` hiding (rows up to hide_msg_id). */
  await db.schema
    .createTable('chat_prefs')
    .addColumn('user_id', 'integer', (c) => c.notNull())
    .addColumn('chat_identify', 'varchar(64)', (c) => c.notNull())
    .addColumn('is_top', 'integer', nd(0))
    .addColumn('is_notice', 'integer', nd(1))
    .addColumn('hide_msg_id', 'integer', nd(0))
    .addColumn('update_time', 'bigint', nd(0))
    .addPrimaryKeyConstraint('chat_prefs_pk', ['user_id', 'chat_identify'])
    .execute();
}
