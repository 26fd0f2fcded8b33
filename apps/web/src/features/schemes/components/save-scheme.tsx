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
import { forgetLocalScheme, isLocalScheme, saveLocalScheme } from '../utils/local-schemes';

interface Props {
  /** The booking as the server takes it; null while there is nothing to save. */
  cart: BookingCartInput | null;
  isCustomer: boolean;
  /** The name offered for a new plan. */
  suggestedName: string;
  /** The store's name and the quote's total, kept with a plan saved on this phone. */
  storeName: string;
  quote: number | null;
}

/** A plan's name: one line of visible text, at most 40 characters (as the server checks it). */
const NAME_MAX = 40;

/**
 * "Save as a plan" on the booking page: a new plan is named first; a plan opened for editing is
 * saved in place. A visitor's plan is saved on this phone (spec §2: no login needed) and joins
 * their account once they sign in (the plan list does it).
 */
export function SaveScheme({ cart, isCustomer, suggestedName, storeName, quote }: Props) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const schemeId = useBookingCart((s) => s.schemeId);
  const schemeName = useBookingCart((s) => s.schemeName);
  const showSuccess = useAppStore((s) => s.showSuccess);
  const showError = useAppStore((s) => s.showError);
  const save = useSaveScheme();
  const [naming, setNaming] = useState(false);

  // A plan opened from this phone's list: saved here while signed out, to the account once in.
  const onPhone = isLocalScheme(schemeId);
  const saveOnPhone = (id: string | null, name: string) => {
    if (!cart) return null;
    const saved = saveLocalScheme(id, { name, cart, storeName, quote: quote ?? 0 });
    useBookingCart.getState().update({ schemeId: saved.id, schemeName: saved.name });
    return saved;
  };

  const handleSave = async () => {
    if (!cart) return;
    if (!schemeId || (onPhone && isCustomer)) {
      setNaming(true);
      return;
    }
    if (onPhone) {
      saveOnPhone(schemeId, schemeName);
      showSuccess(t('schemes.updated', { name: schemeName }));
      return;
    }
    if (!isCustomer) {
      // An account's plan: its changes are saved to the account, after signing in.
      const back = `${Paths.orderCreate}?save=1`;
      void navigate(`${Paths.customerLogin}?redirect=${encodeURIComponent(back)}`);
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
          <Link to={onPhone ? Paths.schemeList : Paths.schemeDetail(schemeId)}>
            {t('schemes.view')}
          </Link>
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
      {!isCustomer && !schemeId && (
        <p className="save-scheme__editing">{t('schemes.onPhoneTip')}</p>
      )}
      <PromptDialog
        visible={naming}
        title={t('schemes.saveTitle')}
        message={t('schemes.saveMessage')}
        placeholder={t('schemes.namePlaceholder')}
        initialValue={(onPhone ? schemeName : suggestedName).slice(0, NAME_MAX)}
        emptyError={t('schemes.nameRequired')}
        validate={(text) => textError(t, text)}
        maxLength={NAME_MAX}
        confirmText={t('app.save')}
        cancelText={t('app.cancel')}
        onSubmit={async (name) => {
          if (!cart) return;
          if (!isCustomer) {
            saveOnPhone(null, name);
            showSuccess(t('schemes.savedOnPhone'));
            return;
          }
          const saved = await save.mutateAsync({ id: null, name, cart });
          if (onPhone && schemeId) forgetLocalScheme(schemeId);
          useBookingCart.getState().update({ schemeId: saved.id, schemeName: saved.name });
          showSuccess(t('schemes.saved'));
        }}
        onClose={() => setNaming(false)}
      />
    </div>
  );
}
