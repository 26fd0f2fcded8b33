import { useEffect, useState, type ReactNode } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd-mobile';
import antdZhCN from 'antd-mobile/es/locales/zh-CN';
import antdEnUS from 'antd-mobile/es/locales/en-US';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SupportedLanguage } from '@snowgear/contracts';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { type createAppRouter } from './router';

/** Everything a page needs around it: i18n, antd-mobile's locale, the query cache. */
function Providers({ children }: { children: ReactNode }) {
  const { i18n: instance } = useTranslation();
  const [queryClient] = useState(createQueryClient);
  const locale = instance.language === SupportedLanguage.enUS ? antdEnUS : antdZhCN;

  useEffect(() => {
    document.documentElement.lang = instance.language;
  }, [instance.language]);

  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <I18nextProvider i18n={i18n}>
      <Providers>{children}</Providers>
    </I18nextProvider>
  );
}

export function App({ router }: { router: ReturnType<typeof createAppRouter> }) {
  return (
    <AppProviders>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
