import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import type { BookingCartInput } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PromptDialog } from '@/components/prompt-dialog';
import { textError } from '@/lib/text-rules';
import { useAppStore } from '@/features/app-state';
import { useBookingCart } from '@/features/customer-booking';
import { useSaveScheme } from '../api/save-scheme';

interface Props {
  /** The booking as the server takes it; null while there is nothing to save. */
  cart: BookingCartInput | null;
  isCustomer: boolean;
  /** The name offered for a new plan. */
  suggestedName: string;
}

/** A plan's name: one line of visible text, at most 40 characters (as the server checks it). */
const NAME_MAX = 40;

/**
 * "Save as a plan" on the booking page: a new plan is named first; a plan opened for editing is
 * saved in place. Signing in comes first when needed, and the dialog opens on the way back.
 */
export function SaveScheme({ cart, isCustomer, suggestedName }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const schemeId = useBookingCart((s) => s.schemeId);
  const schemeName = useBookingCart((s) => s.schemeName);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const save = useSaveScheme();
  const [naming, setNaming] = useState(false);

  const handleSave = async () => {
    if (!cart) return;
    if (!isCustomer) {
      const back = `${Paths.orderCreate}?save=1`;
      void navigate(`${Paths.customerLogin}?redirect=${encodeURIComponent(back)}`);
      return;
    }
    if (!schemeId) {
      setNaming(true);
      return;
    }
    try {
      await save.mutateAsync({ id: schemeId, name: schemeName, cart });
      showSuccess(t('schemes.updated', { name: schemeName }));
    } catch (err) {
      showError(err instanceof Error ? err.message : String(err));
    }
  };

  // Back from signing in to save: ask for the name once.
  const resumed = useRef(false);
  useEffect(() => {
    if (resumed.current || params.get('save') !== '1' || !isCustomer || !cart) return;
    resumed.current = true;
    setParams(
      (p) => {
        p.delete('save');
        return p;
      },
      { replace: true },
    );
    void handleSave();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on the way back
  }, [params, isCustomer, cart]);

  return (
    <div className="save-scheme">
      {schemeId && (
        <p className="save-scheme__editing">
          {t('schemes.editing', { name: schemeName })}{' '}
          <Link to={Paths.schemeDetail(schemeId)}>{t('schemes.view')}</Link>
        </p>
      )}
      <Button
        block
        fill="outline"
        disabled={!cart || cart.lines.length === 0}
        loading={save.isPending}
        onClick={() => void handleSave()}
      >
        {schemeId ? t('schemes.saveChanges') : t('schemes.save')}
      </Button>
      <PromptDialog
        visible={naming}
        title={t('schemes.saveTitle')}
        message={t('schemes.saveMessage')}
        placeholder={t('schemes.namePlaceholder')}
        initialValue={suggestedName.slice(0, NAME_MAX)}
        emptyError={t('schemes.nameRequired')}
        validate={(text) => textError(t, text)}
        maxLength={NAME_MAX}
        confirmText={t('app.save')}
        cancelText={t('app.cancel')}
        onSubmit={async (name) => {
          if (!cart) return;
          const saved = await save.mutateAsync({ id: null, name, cart });
          useBookingCart.getState().update({ schemeId: saved.id, schemeName: saved.name });
          showSuccess(t('schemes.saved'));
        }}
        onClose={() => setNaming(false)}
      />
    </div>
  );
}
