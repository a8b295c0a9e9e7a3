import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { SEARCH_TYPES, type Contact, type SearchMessage, type SearchType } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { useGoBack } from '../../../nav/navigation';
import { EmptyState } from '../../../ui/EmptyState';
import { LoadingSpinner } from '../../../ui/LoadingSpinner';
import { useDebounced } from '../../../lib/use-debounced';
import { useEndReached } from '../../../lib/use-end-reached';
import { useNow } from '../../../lib/use-now';
import { useAuth } from '../../../state/auth';
import { OVERVIEW_EACH, searchable, useSearch } from '../api';
import { addRecent, clearRecent, useRecent } from '../recent';
import { ContactResult, MessageResult } from '../components/Results';
import styles from './SearchScreen.module.css';
import { endTypeAhead, typedAhead } from '../../../lib/type-ahead';

/** Typing settles this long before a search is sent. */
const DEBOUNCE_MS = 250;

const typeOf = (v: string | null): SearchType =>
  (SEARCH_TYPES as readonly string[]).includes(v ?? '') ? (v as SearchType) : 'all';

/**
 * /pages/index/search?q=…&type=…: one box for contacts, my groups and my chat history, results
 * as I type. The overview shows a few of each with "more"; a result opens its chat (a message:
 * scrolled to it and highlighted). The query lives in the URL, so coming back from a chat finds
 * the results where they were.
 */
export default function SearchScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const me = useAuth((s) => s.userInfo);
  const round = Boolean(me?.setting?.avatarCricle);
  const now = useNow();
  const type = typeOf(params.get('type'));
  // What was typed while this page loaded counts as typed here (lib/type-ahead).
  const shownAhead = useRef('');
  const [typed, setTyped] = useState(() => (params.get('q') ?? '') + (shownAhead.current = typedAhead()));
  const keywords = useDebounced(typed, DEBOUNCE_MS);
  const recent = useRecent(me?.user_id);
  const input = useRef<HTMLInputElement>(null);

  // The URL follows the settled text (replace: typing is not history).
  useEffect(() => {
    if ((params.get('q') ?? '') === keywords) return;
    const next = new URLSearchParams(params);
    if (keywords) next.set('q', keywords);
    else next.delete('q');
    setParams(next, { replace: true });
  }, [keywords, params, setParams]);

  useEffect(() => {
    if (type === 'all') input.current?.focus();
  }, [type]);
  // Keys that came while this page was rendering (React may pause a render for input) count too.
  useEffect(() => {
    const ahead = typedAhead();
    endTypeAhead();
    const shown = shownAhead.current;
    if (ahead !== shown) setTyped((t) => t.slice(0, t.length - shown.length) + ahead);
  }, []);

  // Esc, as in Telegram and WeChat for Windows: clears what was typed, then leaves the page.
  // Later in the bubbling than an open sheet's own Esc (use-shortcuts), which marks it handled.
  const goBack = useGoBack();
  const typedNow = useRef(typed);
  typedNow.current = typed;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented) return;
      e.preventDefault();
      if (typedNow.current) {
        setTyped('');
        input.current?.focus();
      } else void goBack();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goBack]);

  const search = useSearch(keywords, type);
  const pages = search.data?.pages ?? [];
  const first = pages[0];
  const contacts = first?.contacts ?? [];
  const groups = first?.groups ?? [];
  const messages = pages.flatMap((p) => p.messages);
  const hasMore = Boolean(search.hasNextPage);

  const remember = useCallback(() => {
    if (me && searchable(keywords)) addRecent(me.user_id, keywords);
  }, [me, keywords]);
  const openContact = useCallback(
    (c: Contact) => {
      remember();
      void navigate(href('chat', { id: String(c.id) }));
    },
    [navigate, remember],
  );
  const openMessage = useCallback(
    (m: SearchMessage) => {
      remember();
      void navigate(href('chat', { id: String(m.contact.id), msg_id: m.msg_id }));
    },
    [navigate, remember],
  );
  const more = (what: SearchType) => void navigate(href('search', { q: keywords, type: what }));

  // Endless scrolling of the messages list once "more" opened it.
  const sentinel = useRef<HTMLDivElement>(null);
  const { isFetchingNextPage, fetchNextPage } = search;
  useEndReached(
    sentinel,
    { hasNextPage: hasMore && type === 'messages', isFetchingNextPage, fetchNextPage },
    messages.length,
  );

  const settled = searchable(keywords) && typed.trim() === keywords.trim();
  const empty = first !== undefined && contacts.length + groups.length + messages.length === 0;
  let body: React.ReactNode;
  if (!searchable(keywords) || !typed.trim()) {
    body = (
      <Start
        recent={recent}
        onPick={(q) => {
          setTyped(q);
          input.current?.focus();
        }}
        onClear={() => me && clearRecent(me.user_id)}
      />
    );
  } else if (search.isError && !first) {
    body = (
      <EmptyState
        text={t('search.retry')}
        actionText={t('search.retryAction')}
        onAction={() => void search.refetch()}
        testId="search-error"
      />
    );
  } else if (!first || (search.isPlaceholderData && search.isFetching)) {
    body = <LoadingSpinner testId="search-loading" />;
  } else if (empty && settled) {
    body = (
      <div className={styles.none} data-testid="search-none">
        <EmptyState text={t('search.noResults', { q: keywords.trim() })} />
        <p className={styles.hint}>{t('search.noResultsHint')}</p>
      </div>
    );
  } else {
    const each = (n: number) => (type === 'all' ? Math.min(n, OVERVIEW_EACH) : n);
    body = (
      <div data-testid="search-results">
        {contacts.length > 0 ? (
          <Section
            title={t('search.contacts')}
            testId="search-contacts"
            more={type === 'all' && contacts.length > OVERVIEW_EACH ? () => more('contacts') : undefined}
          >
            {contacts.slice(0, each(contacts.length)).map((c) => (
              <ContactResult key={String(c.id)} contact={c} query={keywords} round={round} onOpen={openContact} />
            ))}
          </Section>
        ) : null}
        {groups.length > 0 ? (
          <Section
            title={t('search.groups')}
            testId="search-groups"
            more={type === 'all' && groups.length > OVERVIEW_EACH ? () => more('groups') : undefined}
          >
            {groups.slice(0, each(groups.length)).map((c) => (
              <ContactResult key={String(c.id)} contact={c} query={keywords} round={round} onOpen={openContact} />
            ))}
          </Section>
        ) : null}
        {messages.length > 0 ? (
          <Section
            title={t('search.messages')}
            testId="search-messages"
            more={type === 'all' && (messages.length > OVERVIEW_EACH || hasMore) ? () => more('messages') : undefined}
          >
            {messages.slice(0, each(messages.length)).map((m) => (
              <MessageResult key={m.id} msg={m} round={round} now={now} onOpen={openMessage} />
            ))}
          </Section>
        ) : null}
        {type === 'messages' && messages.length > 0 ? (
          <div ref={sentinel} className={styles.footer} data-testid="search-footer">
            {isFetchingNextPage ? (
              t('search.loadingMore')
            ) : hasMore ? (
              <button type="button" className={styles.moreButton} onClick={() => void fetchNextPage()}>
                {t('search.loadMore')}
              </button>
            ) : (
              t('search.end')
            )}
          </div>
        ) : null}
      </div>
    );
  }

  return (
    <Page title={type === 'all' ? t('routes.search') : t(`search.${type}`)}>
      <div className={styles.top}>
        <form
          className={styles.field}
          role="search"
          onSubmit={(e) => {
            e.preventDefault();
            remember();
          }}
        >
          <svg
            width="16"
            height="16"
            viewBox="0 0 24 24"
            fill="none"
            aria-hidden="true"
            focusable="false"
            className={styles.icon}
          >
            <circle cx="11" cy="11" r="6.5" stroke="currentColor" strokeWidth="2" />
            <path d="m16 16 4.5 4.5" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
          <input
            ref={input}
            className={styles.input}
            type="search"
            enterKeyHint="search"
            value={typed}
            maxLength={64}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            onChange={(e) => setTyped(e.target.value)}
            data-testid="search-input"
          />
          {typed ? (
            <button
              type="button"
              className={styles.clear}
              aria-label={t('search.clearInput')}
              onClick={() => (setTyped(''), input.current?.focus())}
            >
              ×
            </button>
          ) : null}
        </form>
      </div>
      {body}
    </Page>
  );
}

function Section({
  title,
  testId,
  more,
  children,
}: {
  title: string;
  testId: string;
  more?: () => void;
  children: React.ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <section className={styles.section} data-testid={testId} aria-label={title}>
      <h2 className={styles.sectionTitle}>{title}</h2>
      <ul className={styles.list}>{children}</ul>
      {more ? (
        <button type="button" className={styles.more} onClick={more} data-testid={`${testId}-more`}>
          {t('search.more', { what: title })}
          <span aria-hidden="true">›</span>
        </button>
      ) : null}
    </section>
  );
}

/** Before typing: recent searches (tap to search again, clear all) and what can be searched. */
function Start({ recent, onPick, onClear }: { recent: string[]; onPick(q: string): void; onClear(): void }) {
  const { t } = useTranslation();
  return (
    <div className={styles.start}>
      {recent.length > 0 ? (
        <section className={styles.recent} data-testid="search-recent" aria-label={t('search.recent')}>
          <div className={styles.recentHead}>
            <h2 className={styles.sectionTitle}>{t('search.recent')}</h2>
            <button type="button" className={styles.clearRecent} onClick={onClear} data-testid="search-recent-clear">
              {t('search.clearRecent')}
            </button>
          </div>
          <div className={styles.chips}>
            {recent.map((q) => (
              <button key={q} type="button" className={styles.chip} onClick={() => onPick(q)}>
                {q}
              </button>
            ))}
          </div>
        </section>
      ) : null}
      <p className={styles.hint} data-testid="search-hint">
        {t('search.hint')}
      </p>
    </div>
  );
}
