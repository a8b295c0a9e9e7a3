import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Tabs } from 'antd-mobile';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { useContacts } from '../../../state/conversations/api';
import { groupsByTab, type GroupTab } from '../group-list';
import styles from '../components/MemberList.module.css';
import { EmojiText } from '../../../ui/emoji/EmojiText';

const tabs: GroupTab[] = ['created', 'managed', 'joined'];

/** /pages/contacts/group: my groups in three tabs by my role; a tap opens the chat. */
export default function GroupListScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const contacts = useContacts();
  const [tab, setTab] = useState<GroupTab>('created');
  const groups = useMemo(() => groupsByTab(contacts.data?.contacts ?? [], tab), [contacts.data, tab]);
  return (
    <Page>
      <Tabs activeKey={tab} onChange={(k) => setTab(k as GroupTab)} style={{ background: 'var(--surface)' }}>
        {tabs.map((k) => (
          <Tabs.Tab key={k} title={<span data-testid={`group-tab-${k}`}>{t(`groups.list.${k}`)}</span>} />
        ))}
      </Tabs>
      {groups.length === 0 && contacts.isFetched ? <EmptyState text={t('groups.list.empty')} /> : null}
      <div className={styles.list}>
        {groups.map((g) => (
          <button
            key={String(g.id)}
            type="button"
            className={styles.row}
            onClick={() => void navigate(href('chat', { id: String(g.id) }))}
            data-testid="group-row"
            data-id={g.id}
          >
            <Avatar src={g.avatar} name={g.displayName} seed={String(g.id)} size={40} />
            <span className={styles.main}>
              <span className={styles.name}>
                <EmojiText text={g.displayName} />
              </span>
            </span>
          </button>
        ))}
      </div>
    </Page>
  );
}
