import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useMutation } from '@tanstack/react-query';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { EmptyState } from '../../../ui/EmptyState';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { useAuth } from '../../../state/auth';
import { useContacts } from '../../../state/conversations/api';
import { filterContacts } from '../address-book';
import { contactEndpoints } from '../api';
import { ContactRow } from '../components/ContactRow';
import { QrIcon, ScanIcon, SearchIcon } from '../components/icons';
import styles from './SearchFriendsScreen.module.css';

/**
 * `/pages/contacts/search`: find someone by their exact account (searchUser) to add them; while
 * typing, my own contacts that match are listed first (a local filter of getContacts).
 */
export default function SearchFriendsScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const round = useAuth((s) => Boolean(s.userInfo?.setting?.avatarCricle));
  const contacts = useContacts();
  const [query, setQuery] = useState('');
  const search = useMutation({
    mutationFn: async (keywords: string) => {
      const rows = await contactEndpoints.searchUser(keywords);
      return { keywords, rows: Array.isArray(rows) ? rows : [] };
    },
  });
  const open = (id: number | string) => void navigate(href('contactDetail', { id: String(id) }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const keywords = query.trim();
    if (keywords) search.mutate(keywords);
  };
  const searched = search.data && search.data.keywords === query.trim() ? search.data : null;
  // Someone found by account is listed once, as a result.
  const found = new Set(searched?.rows.map((u) => String(u.user_id)) ?? []);
  const mine = filterContacts(contacts.data?.contacts ?? [], query).filter((c) => !found.has(String(c.id)));

  return (
    <Page>
      <form className={styles.bar} role="search" onSubmit={submit}>
        <label className={styles.field}>
          <SearchIcon size={18} />
          <input
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('friendSearch.placeholder')}
            aria-label={t('friendSearch.placeholder')}
            enterKeyHint="search"
            autoFocus
            data-testid="search-input"
          />
        </label>
        <button
          type="submit"
          className={styles.submit}
          disabled={!query.trim() || search.isPending}
          data-testid="search-submit"
        >
          {t('friendSearch.submit')}
        </button>
      </form>

      {searched ? (
        searched.rows.length === 0 ? (
          <EmptyState testId="search-not-found" text={t('friendSearch.notFound')} />
        ) : (
          <section aria-label={t('friendSearch.results')}>
            <h2 className={styles.caption}>{t('friendSearch.results')}</h2>
            {searched.rows.map((u) => (
              <ContactRow
                key={u.user_id}
                id={u.user_id}
                name={u.displayName}
                avatar={u.avatar}
                subtitle={u.account}
                online={u.is_online === 1}
                roundAvatar={round}
                testId="search-result"
                onOpen={() => open(u.user_id)}
              />
            ))}
          </section>
        )
      ) : null}

      {mine.length > 0 ? (
        <section aria-label={t('friendSearch.myContacts')}>
          <h2 className={styles.caption}>{t('friendSearch.myContacts')}</h2>
          {mine.slice(0, 50).map((c) => (
            <ContactRow
              key={String(c.id)}
              id={c.id}
              name={c.displayName}
              avatar={c.avatar}
              subtitle={c.account}
              online={c.is_online === 1}
              roundAvatar={round}
              onOpen={() => open(c.id)}
            />
          ))}
        </section>
      ) : null}

      {!query.trim() ? (
        <>
          <p className={styles.hint}>{t('friendSearch.hint')}</p>
          <ListGroup>
            <ListRow
              prefix={<ScanIcon size={22} />}
              label={t('friendSearch.scan')}
              onClick={() => void navigate(href('scan'))}
            />
            <ListRow
              prefix={<QrIcon size={22} />}
              label={t('friendSearch.myQrcode')}
              onClick={() => void navigate(href('groupQrcode'))}
            />
          </ListGroup>
        </>
      ) : null}
    </Page>
  );
}
