import { useState } from 'react';
import type { AdminMessageRow } from '@parley/protocol';
import { useDebounced } from '../../../lib/use-debounced';
import { dialogs } from '../../../ui/dialogs';
import { adminApi, type MessageQuery } from '../api';
import { DataTable } from '../DataTable';
import { at } from '../i18n';
import { useLoad } from '../use-load';
import styles from '../Admin.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

const LIMIT = 20;
const TYPES = ['text', 'image', 'file', 'voice', 'video', 'emoji', 'location', 'contact', 'event', 'webrtc'];

/** Messages (§12.3 message/*): any conversation by user or group, type and keyword filters; mask or delete. */
export default function Messages() {
  const [userId, setUserId] = useState('');
  const [peer, setPeer] = useState('');
  const [type, setType] = useState('');
  const [keywords, setKeywords] = useState('');
  const [page, setPage] = useState(1);
  // Debounced as a string: a new object every render would never settle.
  const f = JSON.parse(useDebounced(JSON.stringify({ userId, peer, type, keywords }), 400)) as {
    userId: string;
    peer: string;
    type: string;
    keywords: string;
  };
  const query: MessageQuery = {
    page,
    limit: LIMIT,
    type: f.type,
    keywords: f.keywords,
    ...(/^\d+$/.test(f.userId) ? { user_id: Number(f.userId) } : {}),
    ...(f.peer.trim() ? { toContactId: f.peer.trim() } : {}),
  };
  const list = useLoad(() => adminApi.messages(query), JSON.stringify(query));
  const contacts = useLoad(
    () => (query.user_id ? adminApi.contactsOf(Number(query.user_id)) : Promise.resolve({ rows: [], count: 0 })),
    String(query.user_id ?? ''),
  );
  const deal = async (m: AdminMessageRow, dealType: 1 | 2) => {
    if (
      !(await dialogs.modal({ content: dealType === 1 ? at('msg.confirmDel') : at('msg.confirmMask'), danger: true }))
        .confirm
    )
      return;
    await adminApi.dealMsg(m.id, dealType).catch(() => undefined);
    list.reload();
  };
  const reset = () => setPage(1);
  return (
    <div className={styles.card}>
      <div className={styles.toolbar}>
        <input
          inputMode="numeric"
          placeholder={at('msg.userId')}
          value={userId}
          onChange={(e) => {
            setUserId(e.target.value);
            reset();
          }}
          aria-label={at('msg.userId')}
          data-testid="msg-user"
        />
        <input
          placeholder={at('msg.peer')}
          value={peer}
          onChange={(e) => {
            setPeer(e.target.value);
            reset();
          }}
          aria-label={at('msg.peer')}
          list="admin-convos"
          data-testid="msg-peer"
        />
        <datalist id="admin-convos">
          {(contacts.data?.rows ?? []).map((c) => (
            <option key={String(c.id)} value={String(c.id)}>
              <EmojiText text={c.displayName} />
            </option>
          ))}
        </datalist>
        <select
          value={type}
          onChange={(e) => {
            setType(e.target.value);
            reset();
          }}
          aria-label={at('msg.type')}
        >
          <option value="">{at('msg.allTypes')}</option>
          {TYPES.map((x) => (
            <option key={x} value={x}>
              {at(`msg.types.${x}`)}
            </option>
          ))}
        </select>
        <input
          type="search"
          placeholder={at('msg.keywords')}
          value={keywords}
          onChange={(e) => {
            setKeywords(e.target.value);
            reset();
          }}
          aria-label={at('msg.keywords')}
          data-testid="msg-keywords"
        />
      </div>
      <DataTable<AdminMessageRow>
        testId="messages-table"
        rows={list.data?.rows}
        error={list.error}
        onRetry={list.reload}
        rowKey={(m) => m.msg_id}
        page={page}
        limit={LIMIT}
        count={list.data?.count ?? 0}
        onPage={setPage}
        columns={[
          { key: 'from', label: at('msg.from'), render: (m) => m.fromUser.realname },
          { key: 'to', label: at('msg.to'), render: (m) => m.toUser.name || m.chat_identify },
          { key: 'type', label: at('msg.type'), wide: true, render: (m) => at(`msg.types.${m.type}`) },
          {
            key: 'content',
            label: at('msg.content'),
            render: (m) => (
              <div className={styles.content}>
                {m.type === 'text' || m.type === 'event' ? stripTags(m.content) : (m.fileName ?? m.content)}
              </div>
            ),
          },
          { key: 'time', label: at('msg.time'), wide: true, render: (m) => m.create_time },
          {
            key: 'actions',
            label: at('actions'),
            render: (m) => (
              <span data-testid={`msg-actions-${m.msg_id}`}>
                <button type="button" className={styles.link} onClick={() => void deal(m, 2)}>
                  {at('msg.mask')}
                </button>
                <button type="button" className={`${styles.link} ${styles.dangerLink}`} onClick={() => void deal(m, 1)}>
                  {at('msg.del')}
                </button>
              </span>
            ),
          },
        ]}
      />
    </div>
  );
}

/** Stored text is sanitised HTML (§4.3); the table shows it as plain text. */
function stripTags(html: string): string {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  return doc.body.textContent ?? '';
}
