import { useRef, useState } from 'react';
import { Button, Input, List, Tag, TextArea, type InputRef, type TextAreaRef } from 'antd-mobile';
import { Dialog } from '@/components/antd/dialog';
import { dayjs } from '@/lib/dayjs-zones';
import { useTranslation } from 'react-i18next';
import {
  AgreementPublishSchema,
  RENTAL_AGREEMENT_MAX,
  SystemInfoSaveSchema,
  type FileInfo,
  type SystemInfoAdmin,
  type SystemInfoSave,
} from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { FormField, fieldErrorId } from '@/components/form-field';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { useAppStore } from '@/features/app-state';
import { NoEnglishTag } from '../components/no-english-tag';
import { useConfigStore, DEFAULT_BUSINESS_TIME_ZONE } from '@/features/system-config';
import { api, fileUrl } from '@/lib/api-client';
import { draftErrors, otherErrors, serverErrors, type FieldErrors } from '@/lib/field-errors';
import { revealFirstError } from '@/lib/reveal-first-error';
import { useFieldAria } from '@/lib/use-field-aria';
import { useObjectUrls } from '@/lib/use-object-urls';
import {
  useAgreements,
  usePublishAgreement,
  useSaveSystemInfo,
  useSystemInfo,
} from '../api/system-info';

const ERRORS = 'admin.errors';
type TextField = Exclude<keyof SystemInfoSave, 'systemLogoFileId'>;

/**
 * /store/admin/system: the system's name, domain, company and logo, the filing numbers the footer
 * shows (spec §1), and the rental agreement with its published versions.
 */
export default function SystemInfoPage() {
  const { t } = useTranslation();
  const info = useSystemInfo();
  return (
    <div className="admin-page">
      <PageHeader title={t('admin.sections.system.title')} backTo={Paths.admin} />
      <QueryState query={info} lines={10}>
        {(data) => <SystemForm initial={data} />}
      </QueryState>
      <AgreementSection />
    </div>
  );
}

/** Uploads a logo as it is (a PNG keeps its transparency); kept once the settings are saved. */
async function uploadLogo(file: File): Promise<FileInfo> {
  const form = new FormData();
  form.append('businessType', 'SystemLogo');
  form.append('isTemporary', 'true');
  form.append('expirationHours', '24');
  form.append('fileName', file.name);
  form.append('file', file, file.name);
  return api.post<FileInfo>('/files/upload', form, {
    silent: true,
    timeout: 120_000,
  });
}

function SystemForm({ initial }: { initial: SystemInfoAdmin }) {
  const { t } = useTranslation();
  const save = useSaveSystemInfo();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const objectUrl = useObjectUrls();
  const [draft, setDraft] = useState<SystemInfoSave>({
    systemName: initial.systemName,
    systemDomain: initial.systemDomain,
    companyName: initial.companyName,
    companyNameEn: initial.companyNameEn,
    systemLogoFileId: initial.systemLogoFileId,
    policeFilingNumber: initial.policeFilingNumber,
    policeFilingLink: initial.policeFilingLink,
    icpNumber: initial.icpNumber,
    icpLink: initial.icpLink,
  });
  const [logoPreview, setLogoPreview] = useState(
    initial.systemLogo ? fileUrl(initial.systemLogo) : '',
  );
  const [logoState, setLogoState] = useState<string | null>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  const root = useRef<HTMLFormElement>(null);
  const picker = useRef<HTMLInputElement>(null);
  const set = (changes: Partial<SystemInfoSave>) => setDraft((d) => ({ ...d, ...changes }));
  const aria = (field: TextField) =>
    [!!errors[field], fieldErrorId(`system-${field}`, errors[field])] as const;
  const nameRef = useFieldAria<InputRef>(...aria('systemName'));
  const domainRef = useFieldAria<InputRef>(...aria('systemDomain'));
  const companyRef = useFieldAria<InputRef>(...aria('companyName'));
  const companyEnRef = useFieldAria<InputRef>(...aria('companyNameEn'));
  const policeRef = useFieldAria<InputRef>(...aria('policeFilingNumber'));
  const policeLinkRef = useFieldAria<InputRef>(...aria('policeFilingLink'));
  const icpRef = useFieldAria<InputRef>(...aria('icpNumber'));
  const icpLinkRef = useFieldAria<InputRef>(...aria('icpLink'));
  const refs: Record<TextField, React.RefObject<InputRef | null>> = {
    systemName: nameRef,
    systemDomain: domainRef,
    companyName: companyRef,
    companyNameEn: companyEnRef,
    policeFilingNumber: policeRef,
    policeFilingLink: policeLinkRef,
    icpNumber: icpRef,
    icpLink: icpLinkRef,
  };

  const text = (field: TextField, options: { max: number; hint?: string; link?: boolean }) => (
    <FormField
      id={`system-${field}`}
      label={t(`admin.system.${field}`)}
      hint={options.hint ?? (options.link ? t('admin.system.linkHint') : undefined)}
      error={errors[field]}
      required={field === 'systemName'}
    >
      <Input
        ref={refs[field]}
        id={`system-${field}`}
        value={draft[field] ?? ''}
        maxLength={options.max}
        clearable
        inputMode={options.link ? 'url' : undefined}
        onChange={(value) => set({ [field]: value })}
      />
    </FormField>
  );

  const handlePick = async (file: File | undefined) => {
    if (!file) return;
    setLogoState(t('admin.system.logoUploading'));
    try {
      const uploaded = await uploadLogo(file);
      set({ systemLogoFileId: uploaded.id });
      setLogoPreview(objectUrl(file));
      setLogoState(null);
    } catch (err) {
      setLogoState(t('admin.system.logoFailed', { reason: (err as Error).message }));
    }
  };

  const handleSave = async () => {
    const parsed = SystemInfoSaveSchema.safeParse(draft);
    if (!parsed.success) {
      setErrors(draftErrors(t, ERRORS, parsed.error.issues, t(`${ERRORS}.invalid`)));
      revealFirstError(root.current);
      return;
    }
    setErrors({});
    try {
      await save.mutateAsync(draft);
      showSuccess(t('admin.system.savedToast'));
    } catch (err) {
      setErrors(serverErrors(t, ERRORS, err as Error));
      revealFirstError(root.current);
    }
  };

  const formError = otherErrors(errors, [...Object.keys(refs), 'systemLogoFileId']);

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
      <h2 className="section-title">{t('admin.system.info')}</h2>
      {text('systemName', { max: 50, hint: t('admin.system.systemNameHint') })}
      {text('companyName', { max: 100, hint: t('admin.system.companyNameHint') })}
      {text('companyNameEn', { max: 100, hint: t('admin.system.companyNameEnHint') })}
      {text('systemDomain', { max: 100 })}
      <FormField id="system-logo" label={t('admin.system.logo')} error={errors.systemLogoFileId}>
        <div className="admin-logo">
          {logoPreview && draft.systemLogoFileId ? (
            <img src={logoPreview} alt={t('admin.system.logo')} className="admin-logo__image" />
          ) : null}
          <input
            ref={picker}
            id="system-logo"
            type="file"
            accept="image/png,image/jpeg,image/webp"
            className="visually-hidden"
            aria-describedby={fieldErrorId('system-logo', errors.systemLogoFileId)}
            onChange={(e) => void handlePick(e.target.files?.[0])}
          />
          <Button fill="outline" onClick={() => picker.current?.click()}>
            {draft.systemLogoFileId ? t('admin.system.logoChange') : t('admin.system.logoPick')}
          </Button>
          {draft.systemLogoFileId && (
            <Button fill="none" color="danger" onClick={() => set({ systemLogoFileId: '' })}>
              {t('admin.system.logoRemove')}
            </Button>
          )}
        </div>
        {logoState && (
          <p className="form-field__hint" aria-live="polite">
            {logoState}
          </p>
        )}
      </FormField>
      <h2 className="section-title">{t('admin.system.filing')}</h2>
      {text('policeFilingNumber', { max: 50 })}
      {text('policeFilingLink', { max: 300, link: true })}
      {text('icpNumber', { max: 50 })}
      {text('icpLink', { max: 300, link: true })}
      {formError && (
        <p className="field-error" role="alert">
          {formError}
        </p>
      )}
      <Button block color="primary" size="large" type="submit" loading={save.isPending}>
        {t('admin.save')}
      </Button>
    </form>
  );
}

/** The rental agreement in Chinese and English side by side: edit and publish a new version. */
function AgreementSection() {
  const { t } = useTranslation();
  const systemInfo = useConfigStore((s) => s.source?.systemInfo);
  const current = {
    text: systemInfo?.rentalAgreement ?? '',
    textEn: systemInfo?.rentalAgreementEn ?? '',
  };
  const versions = useAgreements();
  const publish = usePublishAgreement();
  const showSuccess = useAppStore((s) => s.showSuccess);
  const [draft, setDraft] = useState<{ text?: string; textEn?: string }>({});
  const [errors, setErrors] = useState<{ text?: string; textEn?: string }>({});
  const [open, setOpen] = useState<string | null>(null);
  const ref = useFieldAria<TextAreaRef>(!!errors.text, fieldErrorId('agreement-text', errors.text));
  const refEn = useFieldAria<TextAreaRef>(
    !!errors.textEn,
    fieldErrorId('agreement-text-en', errors.textEn),
  );
  const value = { text: draft.text ?? current.text, textEn: draft.textEn ?? current.textEn };
  const unchanged =
    value.text.trim() === current.text.trim() && value.textEn.trim() === current.textEn.trim();

  const handlePublish = async () => {
    const parsed = AgreementPublishSchema.safeParse(value);
    if (!parsed.success) {
      const found = draftErrors(t, ERRORS, parsed.error.issues, t(`${ERRORS}.invalid`));
      setErrors({ text: found.text, textEn: found.textEn });
      return;
    }
    const ok = await Dialog.confirm({
      title: t('admin.system.publishTitle'),
      content: t('admin.system.publishMessage'),
      confirmText: t('admin.system.publish'),
      cancelText: t('app.cancel'),
    });
    if (!ok) return;
    try {
      await publish.mutateAsync(parsed.data);
      setDraft({});
      setErrors({});
      showSuccess(t('admin.system.published'));
    } catch (err) {
      setErrors({ text: (err as Error).message });
    }
  };

  return (
    <section className="admin-form page-body" aria-labelledby="agreement-title">
      <h2 id="agreement-title" className="section-title">
        {t('admin.system.agreement')}
      </h2>
      <p className="form-field__hint">{t('admin.system.agreementHint')}</p>
      <div className="admin-side-by-side">
        <FormField id="agreement-text" label={t('admin.system.agreementText')} error={errors.text}>
          <TextArea
            ref={ref}
            id="agreement-text"
            value={value.text}
            rows={8}
            autoSize={{ minRows: 6, maxRows: 16 }}
            maxLength={RENTAL_AGREEMENT_MAX}
            showCount
            onChange={(next) => {
              setDraft((d) => ({ ...d, text: next }));
              setErrors((e) => ({ ...e, text: undefined }));
            }}
          />
        </FormField>
        <FormField
          id="agreement-text-en"
          label={
            <>
              {t('admin.system.agreementTextEn')}
              {!value.textEn.trim() && <NoEnglishTag />}
            </>
          }
          hint={t('admin.system.agreementEnHint')}
          error={errors.textEn}
        >
          <TextArea
            ref={refEn}
            id="agreement-text-en"
            value={value.textEn}
            rows={8}
            autoSize={{ minRows: 6, maxRows: 16 }}
            maxLength={RENTAL_AGREEMENT_MAX}
            showCount
            onChange={(next) => {
              setDraft((d) => ({ ...d, textEn: next }));
              setErrors((e) => ({ ...e, textEn: undefined }));
            }}
          />
        </FormField>
      </div>
      <Button
        block
        color="primary"
        size="large"
        loading={publish.isPending}
        disabled={unchanged}
        onClick={() => void handlePublish()}
      >
        {t('admin.system.publish')}
      </Button>
      <QueryState query={versions} lines={3}>
        {(items) =>
          items.length === 0 ? (
            <p className="form-field__hint">{t('admin.system.noVersions')}</p>
          ) : (
            <List header={t('admin.system.versions')}>
              {items.map((v) => (
                <List.Item
                  key={v.version}
                  onClick={() => setOpen(open === v.version ? null : v.version)}
                  arrowIcon={false}
                  extra={
                    v.current ? <Tag color="success">{t('admin.system.current')}</Tag> : undefined
                  }
                  description={
                    <>
                      {t('admin.system.versionLine', {
                        at: dayjs(v.publishedAt)
                          .tz(DEFAULT_BUSINESS_TIME_ZONE)
                          .format('YYYY-MM-DD HH:mm'),
                        who: v.publishedByName || '—',
                        orders: v.orders,
                      })}
                      {open === v.version && (
                        <>
                          <pre className="admin-agreement" lang="zh-CN">
                            {v.text}
                          </pre>
                          {v.textEn && (
                            <pre className="admin-agreement" lang="en">
                              {v.textEn}
                            </pre>
                          )}
                        </>
                      )}
                    </>
                  }
                >
                  <span aria-expanded={open === v.version}>
                    {v.version.slice(0, 8)} ·{' '}
                    {open === v.version ? t('admin.system.hide') : t('admin.system.show')}
                  </span>
                </List.Item>
              ))}
            </List>
          )
        }
      </QueryState>
    </section>
  );
}
