import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { defaultGroupSetting, type GroupSetting } from '@parley/protocol';
import { ListGroup, ListRow } from '../../../ui/ListRow';
import { patchConversation } from '../../../state/conversations/api';
import { groupApi, refreshGroup } from '../api';
import { SwitchRow } from '../../../ui/SwitchRow';

/**
 * The owner's group options (PROTOCOL §6 `groupSetting`): members may invite, new members see
 * history, members may add each other, and who may speak. Applied at once, put back on failure;
 * the `groupSetting` push confirms it for everyone.
 */
export function GroupSettingsPanel({ gid, setting }: { gid: string; setting: Partial<GroupSetting> }) {
  const { t } = useTranslation();
  const qc = useQueryClient();
  const current: GroupSetting = { ...defaultGroupSetting, ...setting } as GroupSetting;

  const save = async (patch: Partial<GroupSetting>) => {
    const next = { ...current, ...patch } as GroupSetting;
    patchConversation(qc, gid, { setting: next });
    try {
      await groupApi.setting(gid, next);
    } catch {
      patchConversation(qc, gid, { setting: current });
    }
    refreshGroup(qc, gid);
  };
  const flip = (key: 'invite' | 'history' | 'profile') => void save({ [key]: current[key] === '1' ? '0' : '1' });

  return (
    <ListGroup>
      <SwitchRow
        label={t('groups.settings.invite')}
        checked={current.invite === '1'}
        onToggle={() => flip('invite')}
        testId="setting-invite"
      />
      <SwitchRow
        label={t('groups.settings.history')}
        checked={current.history === '1'}
        onToggle={() => flip('history')}
        testId="setting-history"
      />
      <SwitchRow
        label={t('groups.settings.profile')}
        checked={current.profile === '1'}
        onToggle={() => flip('profile')}
        testId="setting-profile"
      />
      <ListRow
        label={t('groups.settings.nospeak')}
        arrow={false}
        extra={
          <select
            value={current.nospeak}
            onChange={(e) => void save({ nospeak: e.target.value })}
            aria-label={t('groups.settings.nospeak')}
            data-testid="setting-nospeak"
            style={{ border: 0, background: 'none', color: 'inherit', fontSize: 15 }}
          >
            <option value="0">{t('groups.settings.nospeak0')}</option>
            <option value="1">{t('groups.settings.nospeak1')}</option>
            <option value="2">{t('groups.settings.nospeak2')}</option>
          </select>
        }
      />
    </ListGroup>
  );
}
