import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { Message } from '@parley/protocol';
import { Page } from '../../../nav/Page';
import { Avatar } from '../../../ui/Avatar';
import { CheckRow } from '../../../ui/CheckRow';
import { EmptyState } from '../../../ui/EmptyState';
import { dialogs } from '../../../ui/dialogs';
import { messagesKey } from '../../../state/messages/api';
import type { MessagesData } from '../../../state/messages/model';
import { useContacts } from '../../../state/conversations/api';
import { actionsApi } from '../../../state/messages/actions-api';
import { FORWARD_MAX, forwardTargets, matchesTarget, toggleTarget, wireTarget, type ForwardTarget } from '../forward';
import { quotePreview } from '../quote';
import styles from '../../../ui/PickList.module.css';

/**
 * /pages/index/userSelection?mode=forward&max=5&msg_id=N&from=<conversation>: choose 1–5 chats,
 * confirm with a preview of the message, forward it (PROTOCOL §4.6) and go back to the chat.
 */
export default function ForwardScreen() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const msgId = Number(params.get('msg_id')) || 0;
  const from = params.get('from') ?? '';
  const max = Math.min(Number(params.get('max')) || FORWARD_MAX, FORWARD_MAX);
  const [selected, setSelected] = useState<string[]>([]);
  const [query, setQuery] = useState('');
  const [busy, setBusy] = useState(false);
  const contacts = useContacts();

  const loaded = qc.getQueryData<MessagesData>(messagesKey(from))?.messages.find((m) => m.msg_id === msgId);
  const message = useQuery({
    queryKey: ['quotedMessage', msgId],
    queryFn: () => actionsApi.infoByMsgId(msgId),
    enabled: !loaded && msgId > 0,
    retry: false,
    staleTime: 60_000,
  });
  const msg: Message | undefined = loaded ?? message.data;

  const { recent, others } = useMemo(() => forwardTargets(contacts.data?.contacts ?? []), [contacts.data]);
  const byId = useMemo(() => new Map([...recent, ...others].map((c) => [c.id, c])), [recent, others]);

  const tap = (id: string) => {
    const r = toggleTarget(selected, id, max);
    if (r.refused) dialogs.toast(t('messageActions.forward.max', { max }));
    else setSelected(r.selected);
  };

  const confirm = async () => {
    if (!msg) return;
    if (selected.length === 0) {
      dialogs.toast(t('messageActions.forward.atLeastOne'));
      return;
    }
    const names = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
      selected.map((id) => byId.get(id)?.name ?? id),
    );
    const r = await dialogs.modal({
      title: t('messageActions.forward.confirmTitle'),
      content: t('messageActions.forward.confirmContent', { names, preview: quotePreview(msg, t) }),
      confirmText: t('messageActions.forward.send'),
    });
    if (!r.confirm) return;
    setBusy(true);
    try {
      await actionsApi.forward(selected.map(wireTarget), msg.msg_id);
      void navigate(-1);
    } catch {
      // The API client showed the server's reason.
    } finally {
      setBusy(false);
    }
  };

  const section = (title: string, list: ForwardTarget[], testId: string) => {
    const shown = list.filter((c) => matchesTarget(c, query));
    if (shown.length === 0) return null;
    return (
      <section aria-label={title} data-testid={testId}>
        <div className={styles.letter}>{title}</div>
        {shown.map((c) => (
          <CheckRow
            key={c.id}
            id={c.id}
            name={c.name}
            avatar={c.avatar}
            on={selected.includes(c.id)}
            testId="forward-row"
            onTap={() => tap(c.id)}
          />
        ))}
      </section>
    );
  };

  const gone = !loaded && (message.isError || msgId === 0);
  const right = (
    <button
      type="button"
      className={styles.confirm}
      disabled={busy || !msg || selected.length === 0}
      onClick={() => void confirm()}
      data-testid="forward-confirm"
    >
      {selected.length > 0
        ? t('messageActions.forward.sendCount', { count: selected.length })
        : t('messageActions.forward.send')}
    </button>
  );

  return (
    <Page title={t('messageActions.forward.title')} right={gone ? null : right}>
      {gone ? (
        <EmptyState
          text={t('messageActions.forward.gone')}
          actionText={t('common.back')}
          onAction={() => void navigate(-1)}
        />
      ) : (
        <div className={styles.wrap}>
          <div className={styles.top}>
            <input
              className={styles.search}
              type="search"
              value={query}
              placeholder={t('messageActions.forward.search')}
              aria-label={t('messageActions.forward.search')}
              onChange={(e) => setQuery(e.target.value)}
              data-testid="forward-search"
            />
            <div className={styles.strip} data-testid="forward-strip">
              {selected.map((id) => {
                const c = byId.get(id);
                return c ? (
                  <button key={id} type="button" className={styles.chip} onClick={() => tap(id)} aria-label={c.name}>
                    <Avatar src={c.avatar} name={c.name} seed={id} size={32} />
                  </button>
                ) : null;
              })}
            </div>
          </div>
          {contacts.isPending ? <div role="progressbar" aria-busy="true" aria-label={t('common.loading')} /> : null}
          {!contacts.isPending && recent.length + others.length === 0 ? (
            <EmptyState text={t('messageActions.forward.empty')} />
          ) : null}
          {section(t('messageActions.forward.recent'), recent, 'forward-recent')}
          {section(t('messageActions.forward.contacts'), others, 'forward-others')}
        </div>
      )}
    </Page>
  );
}
