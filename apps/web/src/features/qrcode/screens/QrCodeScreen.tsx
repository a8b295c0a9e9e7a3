import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery } from '@tanstack/react-query';
import { Button } from 'antd-mobile';
import { Page } from '../../../nav/Page';
import { Avatar } from '../../../ui/Avatar';
import { EmptyState } from '../../../ui/EmptyState';
import { dialogs } from '../../../ui/dialogs';
import { useAuth } from '../../../state/auth';
import { contactEndpoints } from '../../contacts/api';
import { QrCanvas } from '../components/QrCanvas';
import { saveCanvas } from '../save-image';
import styles from './QrCodeScreen.module.css';

interface Card {
  name: string;
  avatar: string;
  seed: string | number;
  url: string;
  hint: string;
  sub?: string;
}

/**
 * `/pages/index/qrcode`: my QR code (`?type=user`, default) or a group's
 * (`?type=group&id=group-N`, valid 7 days, from groupInfo).
 */
export default function QrCodeScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const isGroup = params.get('type') === 'group';
  const groupId = params.get('id') ?? '';
  const me = useAuth((s) => s.userInfo);
  const group = useQuery({
    queryKey: ['groupInfo', groupId],
    queryFn: () => contactEndpoints.groupInfo(groupId),
    enabled: isGroup && groupId !== '',
  });
  const canvas = useRef<HTMLCanvasElement | null>(null);
  const onReady = useCallback((c: HTMLCanvasElement) => (canvas.current = c), []);

  let card: Card | null = null;
  if (isGroup && group.data?.qrUrl) {
    const g = group.data;
    card = {
      name: g.displayName || g.name,
      avatar: g.avatar,
      seed: g.id,
      url: g.qrUrl ?? '',
      hint: t('qrcode.groupHint', { date: g.qrExpire ?? '' }),
      sub: t('qrcode.members', { count: g.groupUserCount }),
    };
  } else if (!isGroup && me?.qrUrl) {
    card = {
      name: me.displayName || me.realname,
      avatar: me.avatar,
      seed: me.user_id,
      url: me.qrUrl,
      hint: t('qrcode.userHint'),
      sub: me.account,
    };
  }

  const title = isGroup ? undefined : t('plusMenu.myQrcode');
  if (!card) {
    const failed = isGroup ? group.isError || (group.isSuccess && !group.data?.qrUrl) : true;
    return (
      <Page title={title}>
        {failed ? <EmptyState testId="qrcode-error" text={group.error?.message || t('qrcode.loadFailed')} /> : null}
      </Page>
    );
  }

  const save = async () => {
    const ok = canvas.current ? await saveCanvas(canvas.current, `${card.name}-qrcode.png`) : false;
    dialogs.toast(ok ? t('qrcode.saved') : t('qrcode.saveUnsupported'), { icon: ok ? 'success' : 'error' });
  };

  return (
    <Page title={title}>
      <div className={styles.card}>
        <div className={styles.who}>
          <Avatar src={card.avatar} name={card.name} seed={card.seed} size={56} />
          <div className={styles.text}>
            <div className={styles.name}>{card.name}</div>
            {card.sub ? <div className={styles.sub}>{card.sub}</div> : null}
          </div>
        </div>
        <div className={styles.code}>
          <QrCanvas text={card.url} size={240} label={card.name} onReady={onReady} />
        </div>
        <p className={styles.hint} data-testid="qrcode-hint">
          {card.hint}
        </p>
      </div>
      <div className={styles.actions}>
        <Button fill="none" color="primary" onClick={() => void save()} data-testid="qrcode-save">
          {t('qrcode.save')}
        </Button>
      </div>
    </Page>
  );
}
