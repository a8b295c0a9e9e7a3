import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { href } from '../../../nav/routes';
import { Page } from '../../../nav/Page';
import { dialogs } from '../../../ui/dialogs';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { currentLanguage, setLanguage } from '../../../i18n';
import { otherLanguage } from '../../../ui/LanguageSwitch';
import { SwitchRow } from '../../../ui/SwitchRow';
import { saveSetting, useSettings, type Settings } from '../settings';
import { NotificationRow } from '../../pwa/NotificationRow';

type Flag = 'isVoice' | 'isVibrate' | 'avatarCricle' | 'hideMessageName' | 'hideMessageTime';

/**
 * Settings (/pages/mine/setting): language (this device), and my account's settings — sound,
 * vibration, round avatars, send key, hidden names and times — applied at once everywhere and
 * followed by my other devices.
 */
export default function SettingScreen() {
  const { t, i18n } = useTranslation();
  void i18n.resolvedLanguage;
  const lang = currentLanguage();
  const s = useSettings();
  const navigate = useNavigate();

  const flag = (key: Flag, label: string, testId: string) => (
    <SwitchRow
      label={label}
      checked={s[key]}
      onToggle={() => void saveSetting({ [key]: !s[key] } as Partial<Settings>)}
      testId={testId}
    />
  );

  const pickSendKey = async () => {
    const v = await dialogs.actionSheet(
      [
        { key: '1', text: t('me.setting.sendEnter') },
        { key: '2', text: t('me.setting.sendCtrlEnter') },
      ],
      { title: t('me.setting.sendKey') },
    );
    if (v) void saveSetting({ sendKey: v === '2' ? 2 : 1 });
  };

  return (
    <Page>
      <ListGroup>
        <ListRow
          label={t('me.setting.language')}
          extra={<span lang={lang}>{t(`lang.${lang}`)}</span>}
          onClick={() => void setLanguage(otherLanguage(lang))}
          testId="lang-switch"
        />
      </ListGroup>
      <ListGroup>
        {flag('isVoice', t('me.setting.sound'), 'setting-sound')}
        {flag('isVibrate', t('me.setting.vibrate'), 'setting-vibrate')}
        <NotificationRow />
      </ListGroup>
      <ListGroup>
        {flag('avatarCricle', t('me.setting.round'), 'setting-round')}
        <ListRow
          label={t('me.setting.sendKey')}
          extra={s.sendKey === 2 ? t('me.setting.sendCtrlEnter') : t('me.setting.sendEnter')}
          onClick={() => void pickSendKey()}
          testId="setting-sendkey"
        />
        {flag('hideMessageName', t('me.setting.hideNames'), 'setting-hide-names')}
        {flag('hideMessageTime', t('me.setting.hideTimes'), 'setting-hide-times')}
      </ListGroup>
      <ListGroup>
        <ListRow
          label={t('calls.network.entry')}
          onClick={() => void navigate(href('networkCheck'))}
          testId="setting-network-check"
        />
      </ListGroup>
    </Page>
  );
}
