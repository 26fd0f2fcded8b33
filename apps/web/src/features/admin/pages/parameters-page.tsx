import { useRef, useState } from 'react';
import { Button } from 'antd-mobile';
import { ActionSheet } from '@/components/antd/action-sheet';
import { DownOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import {
  parameterProblem,
  type AdminParameters,
  type BusinessParameterKey,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { useSession } from '@/features/auth';
import { useConfigStore } from '@/features/system-config';
import { ApiError } from '@/lib/api-errors';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useParameters, useSaveParameters } from '../api/parameters';
import { ParameterEditor, shortKey } from '../components/parameter-editor';
import { PullToRefresh } from '@/components/pull-to-refresh';

/**
 * /store/admin/parameters: the business parameters (spec §9), for the business or one store, each
 * edited as what it is, with the value in force and where it comes from (a store's value wins
 * unless blank, spec §5). A manager sets their own store's values.
 */
export default function ParametersPage() {
  const { t } = useTranslation();
  const user = useSession((s) => s.user);
  const stores = useConfigStore((s) => s.config?.storeConfigs);
  // A manager works on their store; a system administrator starts with the business.
  const [scope, setScope] = useState<string | null | undefined>(undefined);
  const parameters = useParameters(scope === undefined ? null : scope);
  const [picking, setPicking] = useState(false);
  const canEditGlobal = parameters.data?.canEditGlobal ?? false;
  const current = parameters.data?.storeId ?? null;
  const scopeName = current
    ? (stores?.[current]?.storeName ?? user?.storeName ?? '')
    : t('admin.parameters.global');

  return (
    <div className="admin-page">
      <PageHeader title={t('admin.sections.parameters.title')} backTo={Paths.admin} />
      <PullToRefresh onRefresh={async () => void (await parameters.refetch())}>
        <div className="page-body">
          <div className="admin-scope">
            <span>{t('admin.parameters.scope')}</span>
            {canEditGlobal ? (
              <Button fill="outline" onClick={() => setPicking(true)}>
                {scopeName} <DownOutline aria-hidden />
              </Button>
            ) : (
              <strong>{scopeName}</strong>
            )}
          </div>
          <p className="form-field__hint">
            {canEditGlobal ? t('admin.parameters.scopeHint') : t('admin.parameters.globalReadOnly')}
          </p>
        </div>
        <QueryState query={parameters} lines={10}>
          {(data) => <ParametersForm key={`${data.storeId ?? ''}`} data={data} />}
        </QueryState>
      </PullToRefresh>
      <ActionSheet
        visible={picking}
        onClose={() => setPicking(false)}
        cancelText={t('app.cancel')}
        actions={[
          { key: '', text: t('admin.parameters.global'), bold: current === null },
          ...Object.values(stores ?? {}).map((s) => ({
            key: s.storeId,
            text: s.storeName,
            bold: s.storeId === current,
          })),
        ]}
        onAction={(action) => {
          setScope(action.key ? String(action.key) : null);
          setPicking(false);
        }}
      />
    </div>
  );
}

function ParametersForm({ data }: { data: AdminParameters }) {
  const { t, i18n } = useTranslation();
  const forStore = data.storeId !== null;
  // For a store, null follows the business's value (a store value left blank).
  const initial: Record<string, string | null> = Object.fromEntries(
    data.items.map((i) => [i.key, forStore ? (i.store?.trim() ? i.store : null) : i.global]),
  );
  const [draft, setDraft] = useState<Record<string, string | null>>(initial);
  const sent = (key: string) => draft[key] ?? '';
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useSaveParameters();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const root = useRef<HTMLFormElement>(null);
  // A code in the form's words; words the server already wrote in the reader's language as
  // they are; an unknown code never as itself.
  const issue = (code: string) => {
    const key = `admin.parameters.issues.${code}`;
    if (i18n.exists(key)) return (t as (key: string) => string)(key);
    return /^[A-Z][A-Za-z0-9]*$/.test(code) ? t('admin.errors.invalid') : code;
  };

  const handleSave = async () => {
    const changed = data.items.filter((i) => sent(i.key) !== (initial[i.key] ?? ''));
    if (changed.length === 0) {
      showSuccess(t('admin.parameters.unchanged'));
      return;
    }
    const problems: Record<string, string> = {};
    for (const item of changed) {
      const problem = parameterProblem(item.key as BusinessParameterKey, sent(item.key));
      if (problem) problems[item.key] = issue(problem);
    }
    setErrors(problems);
    if (Object.keys(problems).length > 0) {
      revealFirstError(root.current);
      return;
    }
    try {
      await save.mutateAsync({
        storeId: data.storeId,
        values: changed.map((i) => ({
          key: i.key as BusinessParameterKey,
          value: draft[i.key] ?? '',
        })),
      });
      showSuccess(t('admin.parameters.savedToast'));
    } catch (err) {
      if (err instanceof ApiError && err.validationErrors?.length) {
        setErrors(
          Object.fromEntries(
            err.validationErrors.map((v) => [v.members[0] ?? '', issue(v.message)]),
          ),
        );
        revealFirstError(root.current);
        return;
      }
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  return (
    <form
      ref={root}
      className="admin-form page-body"
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void handleSave();
      }}
    >
      {data.items.map((item) =>
        forStore && item.scope === 'global' ? (
          <div key={item.key} className="parameter parameter--global">
            <p className="form-field__label">
              {t(`admin.parameters.keys.${shortKey(item.key)}.label`)}
            </p>
            <p className="form-field__hint">{t('admin.parameters.globalOnly')}</p>
          </div>
        ) : (
          <ParameterEditor
            key={item.key}
            parameter={item}
            value={draft[item.key] ?? null}
            forStore={forStore}
            disabled={!forStore && !data.canEditGlobal}
            error={errors[item.key]}
            onChange={(value) => {
              setDraft((d) => ({ ...d, [item.key]: value }));
              setErrors(({ [item.key]: _, ...rest }) => rest);
            }}
          />
        ),
      )}
      <Button block color="primary" size="large" type="submit" loading={save.isPending}>
        {t('admin.save')}
      </Button>
    </form>
  );
}
