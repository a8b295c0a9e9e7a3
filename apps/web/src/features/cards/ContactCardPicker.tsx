import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { FullScreenSheet } from '../../ui/FullScreenSheet';
import { EmptyState } from '../../ui/EmptyState';
import { dialogs } from '../../ui/dialogs';
import { groupApi, selectableKey } from '../groups/api';
import { nameOf, type Candidate } from '../groups/selection';
import { UserSelection } from '../groups/components/UserSelection';
import styles from './ContactCardPicker.module.css';

export interface PickedCard {
  id: number;
  displayName: string;
  avatar: string;
}

export interface ContactCardPickerProps {
  open: boolean;
  /** Who the card goes to, for the confirm question ("" in favourites: no name). */
  recipient: string;
  onClose(): void;
  onSend(card: PickedCard): void;
}

/**
 * "+" → Contact card: my contacts (the user-selection list, one pick), then a confirm dialog;
 * confirming sends the card and closes the sheet.
 */
export function ContactCardPicker({ open, recipient, onClose, onSend }: ContactCardPickerProps) {
  const { t } = useTranslation();
  const candidates = useQuery({
    queryKey: selectableKey(undefined),
    queryFn: () => groupApi.getAllUser(),
    enabled: open,
  });

  const pick = async (c: Candidate) => {
    const name = nameOf(c);
    const ok = await dialogs.modal({
      title: t('share.cards.confirmTitle'),
      content: recipient ? t('share.cards.confirm', { name, to: recipient }) : t('share.cards.confirmHere', { name }),
      confirmText: t('share.cards.send'),
    });
    if (!ok.confirm) return;
    onSend({ id: c.user_id, displayName: name, avatar: c.avatar });
    onClose();
  };

  const list = candidates.data ?? [];
  return (
    <FullScreenSheet
      visible={open}
      title={t('share.cards.title')}
      closeText={t('common.cancel')}
      onClose={onClose}
      testId="card-picker"
    >
      <div className={styles.scroll}>
        {candidates.isPending ? (
          <div className={styles.loading} role="progressbar" aria-busy="true" aria-label={t('common.loading')} />
        ) : candidates.isError ? (
          <EmptyState
            text={t('share.cards.loadFailed')}
            actionText={t('share.stickers.retry')}
            onAction={() => void candidates.refetch()}
          />
        ) : (
          <UserSelection
            candidates={list}
            max={1}
            selected={[]}
            onChange={(ids) => {
              const c = list.find((x) => x.user_id === ids[0]);
              if (c) void pick(c);
            }}
          />
        )}
      </div>
    </FullScreenSheet>
  );
}
