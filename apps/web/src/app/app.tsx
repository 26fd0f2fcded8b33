import { useEffect, useRef, useState, type ReactNode } from 'react';
import { unstable_HistoryRouter as HistoryRouter, type HistoryRouterProps } from 'react-router';
import type { BrowserHistory } from 'history';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
// Deep imports: the package's index would make every component reachable from the shell.
import ConfigProvider from 'antd-mobile/es/components/config-provider';
import antdZhCN from 'antd-mobile/es/locales/zh-CN';
import antdEnUS from 'antd-mobile/es/locales/en-US';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { SupportedLanguage } from '@snowgear/contracts';
import { i18n } from '@/lib/i18n';
import { createQueryClient } from '@/lib/query-client';
import { HistoryContext } from '@/lib/history';
import { AppRoutes } from './router';

interface ProvidersProps {
  children: ReactNode;
  /** The app's query cache (main.tsx fills it before the first render); tests get a new one. */
  queryClient?: QueryClient;
}

/** Everything a page needs around it: i18n, antd-mobile's locale, the query cache. */
function Providers({ children, queryClient: given }: ProvidersProps) {
  const { i18n: instance } = useTranslation();
  const [queryClient] = useState(() => given ?? createQueryClient());
  const locale = instance.language === SupportedLanguage.enUS ? antdEnUS : antdZhCN;

  useEffect(() => {
    document.documentElement.lang = instance.language;
  }, [instance.language]);

  // The server writes names (packs, gear, stores, help) in the reader's language: a language
  // chosen mid-page asks again for what is shown, so nothing stays in the other one.
  const shownIn = useRef(instance.language);
  useEffect(() => {
    if (shownIn.current === instance.language) return;
    shownIn.current = instance.language;
    void queryClient.invalidateQueries();
  }, [instance.language, queryClient]);

  return (
    <ConfigProvider locale={locale}>
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </ConfigProvider>
  );
}

export function AppProviders({ children, queryClient }: ProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <Providers queryClient={queryClient}>{children}</Providers>
    </I18nextProvider>
  );
}

/**
 * The app on the browser's history: React Router reads its locations, and a page with unsaved
 * changes can block leaving it (lib/history.ts).
 */
export function App({
  history,
  queryClient,
}: {
  history: BrowserHistory;
  queryClient?: QueryClient;
}) {
  return (
    <AppProviders queryClient={queryClient}>
      {/* history 5 is what React Router's own history was made from; it lacks only the two URL
          helpers that data routers use, which this router does not. */}
      <HistoryRouter history={history as unknown as HistoryRouterProps['history']}>
        <HistoryContext value={history}>
          <AppRoutes />
        </HistoryContext>
      </HistoryRouter>
    </AppProviders>
  );
}
