import { useMemo } from 'react';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { href } from '../../nav/routes';
import { useSiteName } from '../system/api';
import { useOrgHeadcount, useOrgTree } from './api';
import { findDepartment, mineFirst, pathTo } from './tree-model';
import { useMyDepartment } from './use-my-department';
import { DepartmentRow } from './components/DepartmentRow';
import { CompanyIcon } from './components/icons';

/**
 * The organization at the top of the address book (runMode 1, PROTOCOL §18): the company with
 * everyone counted, my department, then the top-level departments (the one holding mine first).
 * Each opens its page (OrgScreen). Rows for the address book's `top` list.
 */
export function useOrgEntries(enabled: boolean, selectedDep: number | null) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const company = useSiteName();
  const tree = useOrgTree(enabled);
  const headcount = useOrgHeadcount(enabled);
  const myDep = useMyDepartment(enabled);

  return useMemo(() => {
    if (!enabled) return [];
    const roots = tree.data ?? [];
    const myPath = pathTo(roots, myDep);
    const mine = findDepartment(roots, myDep);
    const open = (id: number) => void navigate(href('org', { id }));
    const rows = [
      <DepartmentRow
        key="company"
        id={0}
        name={company}
        count={headcount.data ?? roots.reduce((n, d) => n + d.memberCount, 0)}
        icon={<CompanyIcon size={22} />}
        colour="#2F6BFF"
        testId="org-company"
        selected={selectedDep === 0}
        onOpen={() => open(0)}
      />,
    ];
    if (mine) {
      rows.push(
        <DepartmentRow
          key="mine"
          id={mine.id}
          name={mine.name}
          count={mine.memberCount}
          hint={t('org.myDepartment')}
          colour="#10AEFF"
          testId="org-my-dept"
          selected={selectedDep === mine.id}
          onOpen={() => open(mine.id)}
        />,
      );
    }
    for (const d of mineFirst(roots, myPath)) {
      rows.push(
        <DepartmentRow
          key={`dep-${d.id}`}
          id={d.id}
          name={d.name}
          count={d.memberCount}
          selected={selectedDep === d.id}
          onOpen={() => open(d.id)}
        />,
      );
    }
    return rows;
  }, [enabled, tree.data, headcount.data, myDep, company, selectedDep, navigate, t]);
}
