import { useId, useState } from 'react';
import { Button, Input } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';

/** Typing a code by hand (spec §2/§5): refuses empty input with 'please enter the code content'. */
export function ManualEntryPopup({
  visible,
  onCancel,
  onSubmit,
}: {
  visible: boolean;
  onCancel: () => void;
  /** True when the code was taken (the popup then closes). */
  onSubmit: (text: string) => boolean;
}) {
  const { t } = useTranslation();
  const [value, setValue] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();

  const handleConfirm = () => {
    const text = value.trim();
    if (!text) {
      setError(t('scanner.manualEmpty'));
      return;
    }
    setError(null);
    if (onSubmit(text)) setValue('');
  };

  return (
    <Popup
      showCloseButton
      visible={visible}
      onMaskClick={onCancel}
      onClose={onCancel}
      bodyClassName="manual-entry"
    >
      <form
        role="dialog"
        aria-modal="true"
        aria-label={t('scanner.manualTitle')}
        onSubmit={(event) => {
          event.preventDefault();
          handleConfirm();
        }}
      >
        <h3>{t('scanner.manualTitle')}</h3>
        <Input
          value={value}
          onChange={(v) => {
            setValue(v);
            if (error) setError(null);
          }}
          placeholder={t('scanner.manualPlaceholder')}
          autoFocus
          clearable
          enterKeyHint="done"
          autoComplete="off"
          aria-invalid={error !== null}
          aria-describedby={error ? errorId : undefined}
        />
        {error && (
          <p id={errorId} className="manual-entry__error" role="alert">
            {error}
          </p>
        )}
        <div className="manual-entry__actions">
          <Button block onClick={onCancel}>
            {t('scanner.cancel')}
          </Button>
          <Button block color="primary" type="submit">
            {t('scanner.confirm')}
          </Button>
        </div>
      </form>
    </Popup>
  );
}
