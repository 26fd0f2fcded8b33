import { lazy, Suspense, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Avatar, Button, List, Tag } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Permissions, UserType } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { confirmDialog, LazyActionSheet } from '@/components/lazy-popups';
import { LanguageSwitch } from '@/components/language-switch';
import { useOpenedOnce } from '@/lib/use-opened-once';
import { useAppStore } from '@/features/app-state';
import { anonymousWeChatInfo } from '../api/wechat';
import { useWeChatLoginEnabled } from '../api/get-application-configuration';
import { roleLabel } from './role-name';
import {
  bindWeChat,
  logout,
  reloadProfile,
  switchableRoles,
  switchRole,
  unbindWeChat,
  useSession,
} from '../stores/session-store';
import { displayName } from '../utils/token';
import { useOwnStoreName } from '../stores/own-store-name';
import { readWeChatReturn, startWeChatAuth, withoutWeChatParams } from '../utils/wechat-oauth';

// The password form and the role sheet load when first opened: the personal centre shows at
// the foot of the agent's dashboard too, which does without their code until then.
const ChangePasswordPopup = lazy(() =>
  import('./change-password-popup').then((m) => ({ default: m.ChangePasswordPopup })),
);

/**
 * The personal centre (spec §2): who, roles and store, the language, role switcher, password (for
 * accounts that have one), WeChat, logout.
 * `settings` are the role's own setting sections, shown above the logout button.
 */
export function ProfileView({ path, settings }: { path: string; settings?: ReactNode }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const user = useSession((s) => s.user);
  const roles = useSession((s) => s.roles);
  const permissions = useSession((s) => s.permissions);
  const activeRole = useSession((s) => s.activeRole);
  const isWeChat = useAppStore((s) => s.isWeChat);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const weChatEnabled = useWeChatLoginEnabled();
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [rolesOpen, setRolesOpen] = useState(false);
  const passwordOnce = useOpenedOnce(passwordOpen);
  const rolesOnce = useOpenedOnce(rolesOpen);
  const handled = useRef(false);
  const staffRoles = switchableRoles(roles);

  useEffect(() => {
    // Fresh roles, store and WeChat state whenever the page opens.
    reloadProfile().catch(() => undefined);
  }, []);

  // Back from WeChat to bind it.
  useEffect(() => {
    if (handled.current) return;
    const back = readWeChatReturn(params);
    if (!back) return;
    handled.current = true;
    void navigate(withoutWeChatParams(params), { replace: true });
    if ('stateMismatch' in back) {
      showError(t('auth.weChatStateMismatch'));
      return;
    }
    anonymousWeChatInfo(back.code, back.state)
      .then((info) => bindWeChat(info.openId, info))
      .then(() => showSuccess(t('auth.weChatBindSuccess')))
      .catch((err: unknown) =>
        showError(err instanceof Error && err.message ? err.message : t('auth.weChatBindFailed')),
      );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, for the URL WeChat returned to
  }, []);

  const storeName = useOwnStoreName();
  if (!user) return null;

  const handleSwitch = (role: string) => {
    const result = switchRole(role);
    if (!result.ok) {
      showError(result.message || t('auth.switchRoleFailed'));
      return;
    }
    if (result.changed) showSuccess(t('auth.switchedTo', { role: roleLabel(t, role) }));
    void navigate(result.home);
  };

  const handleUnbind = async () => {
    const ok = await confirmDialog({
      content: t('profile.unbindConfirm'),
      confirmText: t('profile.unbindWeChat'),
      cancelText: t('profile.cancel'),
    });
    if (!ok) return;
    try {
      await unbindWeChat();
      showSuccess(t('auth.weChatUnbindSuccess'));
    } catch (err) {
      showError(err instanceof Error && err.message ? err.message : t('auth.weChatUnbindFailed'));
    }
  };

  const handleLogout = async () => {
    const ok = await confirmDialog({
      content: t('profile.logoutConfirm'),
      confirmText: t('profile.logout'),
      cancelText: t('profile.cancel'),
    });
    if (!ok) return;
    void navigate(await logout(), { replace: true });
  };

  const canManagePeople =
    permissions.includes(Permissions.StoreManagement.Employees) ||
    permissions.includes(Permissions.SystemManagement.Users);

  return (
    <div className="profile-page">
      <header className="profile-card">
        <Avatar src={user.avatar} style={{ '--size': '64px', '--border-radius': '50%' }} />
        <div>
          <h1 className="profile-card__name">{displayName(user, t('profile.defaultUserName'))}</h1>
          <div className="profile-card__roles">
            {user.roles.map((r) => (
              <Tag
                key={r}
                color={r === activeRole ? 'primary' : 'default'}
                fill={r === activeRole ? 'solid' : 'outline'}
              >
                {roleLabel(t, r)}
              </Tag>
            ))}
          </div>
        </div>
        <LanguageSwitch className="profile-card__language" />
      </header>

      <List header={t('profile.title')}>
        {/* A customer's user name is their phone number: their name says more. */}
        {user.userType === UserType.Customer ? (
          <List.Item extra={user.name || user.realName || '—'}>{t('profile.name')}</List.Item>
        ) : (
          <List.Item extra={user.userName}>{t('profile.userName')}</List.Item>
        )}
        {user.phoneNumber && <List.Item extra={user.phoneNumber}>{t('profile.phone')}</List.Item>}
        {user.email && <List.Item extra={user.email}>{t('profile.email')}</List.Item>}
        {user.userType === 2 && (
          <List.Item extra={storeName ?? t('profile.noStore')}>{t('profile.store')}</List.Item>
        )}
        {staffRoles.length > 1 && (
          <List.Item extra={roleLabel(t, activeRole)} onClick={() => setRolesOpen(true)} arrowIcon>
            {t('profile.switchRole')}
          </List.Item>
        )}
      </List>

      <List>
        {/* Phone and WeChat customers have no password to change (the server refuses them too). */}
        {user.hasPassword && (
          <List.Item onClick={() => setPasswordOpen(true)} arrowIcon>
            {t('profile.changePassword')}
          </List.Item>
        )}
        {weChatEnabled && (
          <List.Item
            extra={
              user.isWeChatBound ? (
                <Button
                  size="mini"
                  fill="outline"
                  color="danger"
                  onClick={() => void handleUnbind()}
                >
                  {t('profile.unbindWeChat')}
                </Button>
              ) : isWeChat ? (
                <Button size="mini" color="primary" onClick={() => void startWeChatAuth(path)}>
                  {t('profile.bindWeChat')}
                </Button>
              ) : (
                t('profile.weChatNotBound')
              )
            }
            description={
              !user.isWeChatBound && !isWeChat ? t('profile.bindOnlyInWeChat') : undefined
            }
          >
            {t('profile.weChat')}
            {user.isWeChatBound ? ` · ${t('profile.weChatBound')}` : ''}
          </List.Item>
        )}
        {canManagePeople && (
          <Link to={Paths.storeEmployees} className="list-link">
            <List.Item arrowIcon>{t('profile.employees')}</List.Item>
          </Link>
        )}
        <Link to={Paths.help} className="list-link">
          <List.Item arrowIcon>{t('footer.help')}</List.Item>
        </Link>
      </List>

      {settings}

      <div className="page-body">
        <Button
          block
          size="large"
          color="danger"
          fill="outline"
          onClick={() => void handleLogout()}
        >
          {t('profile.logout')}
        </Button>
      </div>

      <Suspense fallback={null}>
        {rolesOnce && (
          <LazyActionSheet
            visible={rolesOpen}
            onClose={() => setRolesOpen(false)}
            extra={t('profile.switchRoleTitle')}
            cancelText={t('profile.cancel')}
            actions={staffRoles.map((r) => ({
              key: r,
              text: roleLabel(t, r),
              description: r === activeRole ? t('profile.activeRole') : undefined,
            }))}
            onAction={(action) => {
              setRolesOpen(false);
              handleSwitch(String(action.key));
            }}
          />
        )}
        {user.hasPassword && passwordOnce && (
          <ChangePasswordPopup visible={passwordOpen} onClose={() => setPasswordOpen(false)} />
        )}
      </Suspense>
    </div>
  );
}
