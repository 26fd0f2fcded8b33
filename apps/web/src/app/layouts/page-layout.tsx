import { useState, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TabBar } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { appRoutes, type LayoutKind } from '@/config/routes';
import { ActionBarContext } from '@/components/layouts/action-bar';
import { AppFooter } from './app-footer';

/** The three layouts of spec §2: tab bar, action button (fixed bottom actions) and normal. */
export function PageLayout({ kind, children }: { kind: LayoutKind; children: ReactNode }) {
  const [slot, setSlot] = useState<HTMLElement | null>(null);
  return (
    <div className={`page-layout page-layout--${kind}`}>
      <main id="main" className="page-layout__main" tabIndex={-1}>
        <ActionBarContext value={slot}>{children}</ActionBarContext>
        <AppFooter />
      </main>
      {kind === 'actionButton' && <div className="page-layout__action-bar" ref={setSlot} />}
      {kind === 'tabBar' && <AreaTabBar />}
    </div>
  );
}

/** Tabs are the tab-bar routes of the current area (/store, /customer …). */
function AreaTabBar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const area = pathname.split('/')[1] ?? '';
  const tabs = appRoutes.filter((r) => r.layout === 'tabBar' && r.path.split('/')[1] === area);
  return (
    <nav className="page-layout__tab-bar">
      <TabBar activeKey={pathname} onChange={(key) => void navigate(key)} safeArea>
        {tabs.map((r) => (
          <TabBar.Item key={r.path} title={r.titleKey ? t(`routes.${r.titleKey}`) : r.path} />
        ))}
      </TabBar>
    </nav>
  );
}
