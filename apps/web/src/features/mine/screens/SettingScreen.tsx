import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../app/Page';
import { href } from '../../../app/routes';
import { dialogs } from '../../../ui/dialogs';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { currentLanguage, setLanguage } from '../../../i18n';
import { otherLanguage } from '../../../ui/LanguageSwitch';
import { logout } from '../../auth/api';
import { useAuth } from '../../auth/store';
import { ProfileCard } from '../components/ProfileCard';

export default function SettingScreen() {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const me = useAuth((s) => s.userInfo);
  void i18n.resolvedLanguage;
  const lang = currentLanguage();

  const onLogout = async () => {
    const { confirm } = await dialogs.modal({ content: t('mine.logoutConfirm'), confirmText: t('mine.logout'), danger: true });
    if (!confirm) return;
    await logout();
    void navigate(href('login'), { replace: true, flushSync: true });
  };

  return (
    <Page>
      {me ? <ProfileCard user={me} /> : null}
      <ListGroup>
        <ListRow label={t('media.manager.entry')} onClick={() => void navigate(href('fileManager'))} testId="to-files" />
        {/* Temporary home of the admin entry until the Me page (branch i17me) lands with its list. */}
        {me && (me.role === 1 || me.role === 2) ? (
          <ListRow label={t('mine.adminConsole')} onClick={() => void navigate(href('admin'))} testId="to-admin" />
        ) : null}
      </ListGroup>
      <ListGroup>
        <ListRow
          label={t('mine.language')}
          extra={<span lang={lang}>{t(`lang.${lang}`)}</span>}
          onClick={() => void setLanguage(otherLanguage(lang))}
          testId="lang-switch"
        />
        <ListRow label={t('mine.about')} onClick={() => void navigate(href('about'))} testId="to-about" />
      </ListGroup>
      <ListGroup>
        <ListRow label={t('mine.logout')} danger arrow={false} onClick={() => void onLogout()} testId="logout" />
      </ListGroup>
    </Page>
  );
}
