import { useState } from 'react';
import { Button, Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { SupportedLanguage } from '@snowgear/contracts';
import { Popup } from '@/components/antd/popup';
import { SignaturePad } from '@/components/signature-pad';
import { useConfigStore } from '@/features/system-config';
import { currentLanguage, i18n, LANGUAGE_NAMES, loadLanguage } from '@/lib/i18n';
import type { CounterSignature } from '../api/counter-signature';
import '../counter-people.css';

/** The first characters of a version (a hash) are enough to tell versions apart. */
export const shortVersion = (version: string) => version.slice(0, 8);

/**
 * Before a counter order is sent, the customer reads the current rental agreement on the
 * clerk's phone and signs under it with a finger. `required`: the store does not take the order
 * without (its CounterSignatureRequired parameter); otherwise signing is offered.
 */
export function CounterSignatureCard({
  required,
  signature,
  error,
  onChange,
}: {
  required: boolean;
  signature: CounterSignature | null;
  error?: string | null;
  onChange: (signature: CounterSignature | null) => void;
}) {
  const { t } = useTranslation();
  const text = useConfigStore((s) => s.config?.systemInfo.rentalAgreement ?? '');
  const version = useConfigStore((s) => s.config?.systemInfo.rentalAgreementVersion ?? '');
  const [open, setOpen] = useState(false);
  // A signature under an older text is no signature under this one.
  const current = signature && signature.version === version ? signature : null;

  return (
    <section
      className="order-create__section counter-agreement"
      aria-labelledby="counter-agreement"
    >
      <h2 id="counter-agreement" className="order-create__heading">
        {t('counterPeople.agreement')}
      </h2>
      <div className="counter-agreement__body">
        <p className="counter-riders__tip">
          {version ? t('counterPeople.version', { version: shortVersion(version) }) : null}
          {' · '}
          {required ? t('counterPeople.required') : t('counterPeople.optional')}
        </p>
        {current ? (
          <p className="counter-agreement__status" role="status">
            ✓ {t('counterPeople.signedAt')}
          </p>
        ) : null}
        {error && !current && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
        <Button
          block
          color={current ? 'default' : 'primary'}
          fill={current ? 'outline' : 'solid'}
          disabled={!text}
          onClick={() => setOpen(true)}
        >
          {text
            ? current
              ? t('counterPeople.resign')
              : t('counterPeople.sign')
            : t('counterPeople.noAgreement')}
        </Button>
      </div>
      <Popup
        showCloseButton
        visible={open}
        onMaskClick={() => setOpen(false)}
        onClose={() => setOpen(false)}
        bodyClassName="sheet"
        destroyOnClose
      >
        <SignSheet
          version={version}
          onSigned={(blob) => {
            onChange({ version, blob });
            setOpen(false);
          }}
        />
      </Popup>
    </section>
  );
}

/**
 * The agreement to read (scrolling), the acceptance and the pad; confirmed once both are given.
 * The customer may read it in the other language than the clerk's (a foreign guest at a Chinese
 * counter): the sheet's words follow the text. One version covers both texts, so either signs it.
 */
function SignSheet({ version, onSigned }: { version: string; onSigned: (blob: Blob) => void }) {
  const agreement = useConfigStore((s) => s.source?.systemInfo);
  const [language, setLanguage] = useState(currentLanguage);
  const [accepted, setAccepted] = useState(false);
  const [blob, setBlob] = useState<Blob | null>(null);
  const t = i18n.getFixedT(language);
  const chinese = agreement?.rentalAgreement ?? '';
  const english = agreement?.rentalAgreementEn ?? '';
  const text = language === SupportedLanguage.enUS ? english || chinese : chinese;
  const choose = (next: SupportedLanguage) => {
    // The other language's words arrive with its texts (one download, kept for later).
    void loadLanguage(next).then(() => setLanguage(next));
  };
  return (
    <section
      className="counter-agreement__sheet"
      role="dialog"
      aria-modal="true"
      aria-label={t('counterPeople.sheetTitle')}
      lang={language}
    >
      <h2 className="sheet__title">{t('counterPeople.sheetTitle')}</h2>
      {english && chinese ? (
        <div className="counter-agreement__languages" role="group" aria-label="中文 / English">
          {[SupportedLanguage.zhCN, SupportedLanguage.enUS].map((option) => (
            <Button
              key={option}
              size="small"
              color={option === language ? 'primary' : 'default'}
              fill={option === language ? 'solid' : 'outline'}
              aria-pressed={option === language}
              onClick={() => choose(option)}
            >
              {LANGUAGE_NAMES[option]}
            </Button>
          ))}
        </div>
      ) : null}
      <p className="counter-riders__tip">
        {t('counterPeople.version', { version: shortVersion(version) })}
      </p>
      <div className="counter-agreement__text" tabIndex={0}>
        {text}
      </div>
      <Checkbox className="counter-agreement__accept" checked={accepted} onChange={setAccepted}>
        {t('counterPeople.accept')}
      </Checkbox>
      <p className="counter-riders__tip">{t('counterPeople.signHere')}</p>
      <SignaturePad onChange={setBlob} hint={t('counterPeople.padHint')} language={language} />
      <Button
        block
        color="primary"
        size="large"
        disabled={!accepted || !blob}
        onClick={() => {
          if (blob) onSigned(blob);
        }}
      >
        {t('counterPeople.confirm')}
      </Button>
    </section>
  );
}
