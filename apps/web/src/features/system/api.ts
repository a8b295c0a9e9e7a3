import { useQuery } from '@tanstack/react-query';
import { defaultSystemInfo, type SystemInfo } from '@parley/protocol';
import { endpoints } from '../../lib/endpoints';

export const systemInfoKey = ['systemInfo'] as const;

/** Site configuration (PROTOCOL §12.1); the protocol defaults stand in until it arrives. */
export function useSystemInfo(): { info: SystemInfo; isLoading: boolean; isError: boolean } {
  const q = useQuery({ queryKey: systemInfoKey, queryFn: endpoints.getSystemInfo, staleTime: 5 * 60_000 });
  const data = q.data;
  const info: SystemInfo = data
    ? { ...defaultSystemInfo, ...data, sysInfo: { ...defaultSystemInfo.sysInfo, ...data.sysInfo } }
    : defaultSystemInfo;
  return { info, isLoading: q.isLoading, isError: q.isError };
}

/** The name shown in top bars: the configured one, else the app's. */
export function useSiteName(): string {
  return useSystemInfo().info.sysInfo.name || defaultSystemInfo.sysInfo.name;
}
