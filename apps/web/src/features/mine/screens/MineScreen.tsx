import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { dialogs } from '../../../ui/dialogs';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { QrIcon } from '../../contacts/components/icons';
import { logout } from '../../auth/api';
import { useAuth } from '../../../state/auth';
import { ProfileCard } from '../components/ProfileCard';
import cardStyles from '../components/ProfileCard.module.css';
import { groupedRows, mineRows } from '../rows';

/**
 * Me (/pages/mine/index): my card (avatar, name, account, motto) with my QR code, then the rows
 * of `mineRows`, then log out. Phones reach it from my avatar on home; desktops from the rail.
 */
export default function MineScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const me = useAuth((s) => s.userInfo);

  const onLogout = async () => {
    const { confirm } = await dialogs.modal({
      content: t('mine.logoutConfirm'),
      confirmText: t('mine.logout'),
      danger: true,
    });
    if (!confirm) return;
    await logout();
    void navigate(href('login'), { replace: true, flushSync: true });
  };

  if (!me) return null;
  return (
    <Page title={t('me.title')}>
      <ProfileCard
        user={me}
        onOpen={() => void navigate(href('profile'))}
        extra={
          <button
            type="button"
            className={cardStyles.qr}
            aria-label={t('me.myQrcode')}
            title={t('me.myQrcode')}
            data-testid="mine-qrcode"
            onClick={() => void navigate(href('groupQrcode', { type: 'user' }))}
          >
            <QrIcon size={22} />
          </button>
        }
      />
      {groupedRows(mineRows, me).map((block) => (
        <ListGroup key={block[0]?.id}>
          {block.map((row) => (
            <ListRow
              key={row.id}
              label={t(row.label as never)}
              onClick={() => void navigate(href(row.to, row.query))}
              testId={`mine-${row.id}`}
            />
          ))}
        </ListGroup>
      ))}
      <ListGroup>
        <ListRow label={t('me.rows.logout')} danger arrow={false} onClick={() => void onLogout()} testId="logout" />
      </ListGroup>
    </Page>
  );
}
