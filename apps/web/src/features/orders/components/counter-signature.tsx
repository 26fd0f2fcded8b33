import { useState } from 'react';
import { Button, Checkbox } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { Popup } from '@/components/antd/popup';
import { SignaturePad } from '@/components/signature-pad';
import { useConfigStore } from '@/features/system-config';
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
          text={text}
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

/** The agreement to read (scrolling), the acceptance and the pad; confirmed once both are given. */
function SignSheet({
  text,
  version,
  onSigned,
}: {
  text: string;
  version: string;
  onSigned: (blob: Blob) => void;
}) {
  const { t } = useTranslation();
  const [accepted, setAccepted] = useState(false);
  const [blob, setBlob] = useState<Blob | null>(null);
  return (
    <section role="dialog" aria-modal="true" aria-label={t('counterPeople.sheetTitle')}>
      <h2 className="sheet__title">{t('counterPeople.sheetTitle')}</h2>
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
      <SignaturePad onChange={setBlob} hint={t('counterPeople.padHint')} />
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
