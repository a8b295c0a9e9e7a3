import type { QueryClient } from '@tanstack/react-query';
import type { SystemInfo } from '@parley/protocol';
import { systemInfoKey } from './api';

/**
 * `updateConfig` (PROTOCOL §11.4, its data the new site info): the site info is read again, even
 * where no screen shows it now. An invalidation of a query nobody observes is not refetched, and a
 * second one sends no event at all, so the admin console's "changed by another administrator"
 * (which listens for them) missed every change after the first.
 *
 * A change of runMode changes every user's contact set (PROTOCOL §1: everyone in runMode 1,
 * friends in runMode 2), so `contactSetChanged` runs then and only then: the chat list, the
 * address book and the organization are read again without a reload, while other settings
 * changes do not make every connected client read its whole list at once.
 */
export function onConfigChanged(qc: QueryClient, pushed: SystemInfo, contactSetChanged: () => void): void {
  const before = qc.getQueryData<SystemInfo>(systemInfoKey)?.sysInfo?.runMode;
  // A frame from an older server may lack the settings; then nothing is known to have changed.
  const after = (pushed as Partial<SystemInfo> | undefined)?.sysInfo?.runMode;
  void qc.invalidateQueries({ queryKey: systemInfoKey, refetchType: 'all' });
  if (before !== undefined && after !== undefined && Number(before) !== Number(after)) contactSetChanged();
}
