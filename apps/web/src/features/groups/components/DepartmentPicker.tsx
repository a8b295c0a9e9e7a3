import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FullScreenSheet } from '../../../ui/FullScreenSheet';
import { dialogs } from '../../../ui/dialogs';
import { MEMBERS_PAGE, orgEndpoints, useOrgTree } from '../../org/api';
import { flatten } from '../../org/tree-model';
import { DepartmentRow } from '../../org/components/DepartmentRow';

/** Everyone in a department and below it (§18 org/members, recursive), page after page. */
async function everyoneIn(depId: number): Promise<number[]> {
  const ids: number[] = [];
  for (let page = 1; ; page += 1) {
    const { rows } = await orgEndpoints.members({ depId, recursive: 1, keywords: '', page });
    ids.push(...rows.map((r) => r.user_id));
    if (rows.length < MEMBERS_PAGE) return ids;
  }
}

export interface DepartmentPickerProps {
  visible: boolean;
  onClose(): void;
  /** The people of the chosen department (and below it); the caller keeps those it may pick. */
  onPick(name: string, userIds: number[]): void;
}

/**
 * "Choose by department" in the member pickers (runMode 1, PROTOCOL §18): the tree as a list of
 * paths with head counts; a tap hands over everyone in that department and below it.
 */
export function DepartmentPicker({ visible, onClose, onPick }: DepartmentPickerProps) {
  const { t } = useTranslation();
  const tree = useOrgTree(visible);
  const [busy, setBusy] = useState(false);
  const pick = async (id: number, name: string) => {
    if (busy) return;
    setBusy(true);
    try {
      onPick(name, await everyoneIn(id));
    } catch {
      dialogs.toast(t('org.loadFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <FullScreenSheet
      visible={visible}
      title={t('org.pickDepartmentTitle')}
      closeText={t('common.cancel')}
      onClose={onClose}
      testId="dept-picker"
    >
      {flatten(tree.data ?? []).map(({ dep, path }) => (
        <DepartmentRow
          key={dep.id}
          id={dep.id}
          name={path}
          count={dep.memberCount}
          testId="dept-pick"
          onOpen={() => void pick(dep.id, dep.name)}
        />
      ))}
    </FullScreenSheet>
  );
}
