import type { ReactNode } from 'react';
// antd-mobile by its component paths on the first load: its barrel marks every component as
// loaded, which would put them all in the login page's boot chunk (vite.config.ts, issue 42 #10).
// Its global styles are imported by main.tsx, before the theme that overrides them.
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import enUS from 'antd-mobile/es/locales/en-US';
import zhCN from 'antd-mobile/es/locales/zh-CN';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { queryClient as appQueryClient } from '../lib/query-client';

/** antd-mobile's built-in texts follow the app language. */
function LocaleBridge({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'en' ? enUS : zhCN;
  return <ConfigProvider locale={locale}>{children}</ConfigProvider>;
}

export function Providers({
  children,
  queryClient = appQueryClient,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
}) {
  return (
    <QueryClientProvider client={queryClient}>
      <LocaleBridge>{children}</LocaleBridge>
    </QueryClientProvider>
  );
}
