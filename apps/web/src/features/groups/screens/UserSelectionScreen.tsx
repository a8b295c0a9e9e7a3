import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Page } from '../../../nav/Page';
import { href } from '../../../nav/routes';
import { dialogs } from '../../../ui/dialogs';
import { contactsKey } from '../../../state/conversations/api';
import type { ContactsData } from '../../../state/conversations/model';
import { groupApi, groupKey, refreshGroup, selectableKey } from '../api';
import { limitsOf, type SelectionMode } from '../selection';
import { ConfirmButton, GroupNameInput, UserSelection } from '../components/UserSelection';
import { DepartmentPicker } from '../components/DepartmentPicker';
import { useSystemInfo } from '../../system/api';
import styles from '../../../ui/PickList.module.css';

/**
 * /pages/index/userSelection?mode=createGroup|addMembers|forward&id=group-N&max=N&selected=1,2
 * Create a group (≥ 2 others, optional name), invite into a group (existing members shown
 * disabled, ≤ 20), or — later — choose forward targets (max 5).
 */
export default function UserSelectionScreen() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const qc = useQueryClient();
  const mode = (
    ['createGroup', 'addMembers', 'forward'].includes(params.get('mode') ?? '') ? params.get('mode') : 'createGroup'
  ) as SelectionMode;
  const gid = mode === 'addMembers' && params.get('id') ? groupKey(params.get('id') ?? '') : undefined;
  const { min, max } = limitsOf(mode, Number(params.get('max')) || null);
  const preset = useMemo(
    () =>
      (params.get('selected') ?? '')
        .split(',')
        .map(Number)
        .filter((n) => Number.isInteger(n) && n > 0),
    [params],
  );
  const [selected, setSelected] = useState<number[]>(preset);
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  // runMode 1: a whole department can be chosen at once (PROTOCOL §18).
  const { info } = useSystemInfo();
  const byDepartment = Number(info.sysInfo.runMode) === 1;
  const [picking, setPicking] = useState(false);

  const candidates = useQuery({
    queryKey: selectableKey(gid),
    queryFn: async () => {
      // Existing members come back `disabled` when passed as user_ids (PROTOCOL §6 getAllUser).
      const members = gid ? (await groupApi.members(gid)).map((m) => m.user_id) : [];
      return groupApi.getAllUser(undefined, members);
    },
  });

  /** Adds the department's people that may be chosen (not me, not already members), within `max`. */
  const addDepartment = (depName: string, ids: number[]) => {
    const open = new Set((candidates.data ?? []).filter((c) => !c.disabled).map((c) => c.user_id));
    const adding = ids.filter((id) => open.has(id) && !selected.includes(id));
    if (selected.length + adding.length > max) {
      dialogs.toast(t('org.pickTooMany', { name: depName, count: adding.length, max }));
      return;
    }
    setSelected([...selected, ...adding]);
    setPicking(false);
    dialogs.toast(t('org.picked', { name: depName, count: adding.length }));
  };

  const confirm = async () => {
    if (selected.length < min) {
      dialogs.toast(mode === 'createGroup' ? t('groups.select.atLeastTwo') : t('groups.select.max', { max }));
      return;
    }
    setBusy(true);
    try {
      if (mode === 'createGroup') {
        const group = await groupApi.create(selected, name.trim());
        qc.setQueryData<ContactsData>(contactsKey, (d) =>
          d && !d.contacts.some((c) => String(c.id) === String(group.id))
            ? { ...d, contacts: [group, ...d.contacts] }
            : d,
        );
        void navigate(href('chat', { id: group.id }), { replace: true });
      } else if (mode === 'addMembers' && gid) {
        await groupApi.invite(gid, selected);
        refreshGroup(qc, gid);
        void qc.invalidateQueries({ queryKey: selectableKey(gid) });
        void navigate(-1);
      }
    } catch {
      // The API client already showed the server's reason.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Page
      right={
        <ConfirmButton
          count={selected.length}
          disabled={busy || selected.length === 0}
          onClick={() => void confirm()}
        />
      }
    >
      <UserSelection
        candidates={candidates.data ?? []}
        max={max}
        selected={selected}
        onChange={setSelected}
        header={
          <>
            {mode === 'createGroup' ? <GroupNameInput value={name} onChange={setName} /> : null}
            {byDepartment ? (
              <button
                type="button"
                className={styles.byDepartment}
                onClick={() => setPicking(true)}
                data-testid="select-by-department"
              >
                {t('org.pickDepartment')}
              </button>
            ) : null}
          </>
        }
      />
      <DepartmentPicker visible={picking} onClose={() => setPicking(false)} onPick={addDepartment} />
    </Page>
  );
}
