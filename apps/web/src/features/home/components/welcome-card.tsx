import { Link } from 'react-router';
import { List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Permissions, RoleName } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { mayOpen } from '@/config/route-meta';
import { useNow } from '@/lib/use-now';
import { roleLabel, sessionSnapshot, useSession, displayName } from '@/features/auth';
import { useConfigStore, storeBusinessStatus, storeStatusLabel } from '@/features/system-config';
import { useWorkingStore } from '@/features/stores';

/** Who is signed in, as which role, for which store; the role homes build on it. */
export function WelcomeCard({
  title,
  profilePath,
  shortcuts = [],
}: {
  title: string;
  profilePath: string | null;
  /** Work entries of this home; those the user may not open (or that do not exist) are hidden. */
  shortcuts?: { path: string; label: string }[];
}) {
  const permissions = useSession((s) => s.permissions);
  const canManagePeople =
    permissions.includes(Permissions.StoreManagement.Employees) ||
    permissions.includes(Permissions.SystemManagement.Users);
  return (
    <>
      <WelcomeHeader title={title} />
      <HomeShortcuts
        shortcuts={[
          ...shortcuts,
          ...(profilePath ? [{ path: profilePath, label: 'profile' }] : []),
          ...(canManagePeople ? [{ path: Paths.storeEmployees, label: 'employees' }] : []),
        ]}
      />
    </>
  );
}

/** The greeting: who, as which role, and their store with its open status. */
export function WelcomeHeader({ title }: { title: string }) {
  const { t } = useTranslation();
  const now = useNow();
  const user = useSession((s) => s.user);
  const activeRole = useSession((s) => s.activeRole);
  const seesAll = activeRole === RoleName.SuperAdmin;
  // Someone who sees every store reads about the one they chose to work on (it follows a switch).
  const working = useWorkingStore();
  const storeId = seesAll ? working.storeId : user?.primaryStoreId;
  const store = useConfigStore((s) => (storeId ? s.config?.storeConfigs[storeId] : undefined));
  if (!user) return null;
  const status = store ? storeBusinessStatus(store, now) : null;
  return (
    <>
      <header className="page-hero">
        <p>{title}</p>
        <h1>{t('home.welcome', { name: displayName(user, t('profile.defaultUserName')) })}</h1>
        <p>{t('home.signedInAs', { role: roleLabel(t, activeRole) })}</p>
      </header>
      <section className="page-body" aria-label={t('profile.store')}>
        <div className="store-card store-card--static">
          <div className="store-card__head">
            <span className="store-card__name">
              {seesAll
                ? store
                  ? t('home.store', { store: store.storeName })
                  : t('home.allStores')
                : t('home.store', {
                    store: store?.storeName ?? user.storeName ?? t('profile.noStore'),
                  })}
            </span>
            {status && (
              <Tag
                color={
                  status.status === 'open'
                    ? 'success'
                    : status.status === 'rest'
                      ? 'warning'
                      : 'default'
                }
                fill="solid"
              >
                {storeStatusLabel(status.status, t)}
              </Tag>
            )}
          </div>
          {store && (
            <div className="store-card__row">
              {t('store.hours')} {status?.hours} · {store.contactInfo.address}
            </div>
          )}
        </div>
      </section>
    </>
  );
}

/**
 * A home's work entries; those the user may not open (or that do not exist) are hidden. The
 * labels 'profile' and 'employees' stand for those two pages' own names.
 */
export function HomeShortcuts({ shortcuts }: { shortcuts: { path: string; label: string }[] }) {
  const { t } = useTranslation();
  const session = useSession();
  const open = shortcuts.filter((entry) => mayOpen(entry.path, sessionSnapshot(session)));
  if (open.length === 0) return null;
  const label = (entry: { label: string }) =>
    entry.label === 'profile'
      ? t('profile.title')
      : entry.label === 'employees'
        ? t('profile.employees')
        : entry.label;
  return (
    <List header={t('home.shortcuts')}>
      {open.map((entry) => (
        <Link key={entry.path} to={entry.path} className="list-link">
          <List.Item arrowIcon>{label(entry)}</List.Item>
        </Link>
      ))}
    </List>
  );
}
