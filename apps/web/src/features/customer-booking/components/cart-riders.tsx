import { Button } from 'antd-mobile';
import { AddOutline, DeleteOutline, EditSOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import type { CartRider, RiderProfile } from '@snowgear/contracts';
import { riderFacts } from '@/lib/rider-facts';

interface Props {
  riders: CartRider[];
  /** The signed-in customer's saved riders not in the booking yet (one tap adds them). */
  saved: RiderProfile[];
  /** An agent books for a customer's party, not for themselves and their family. */
  forAgent?: boolean;
  onAdd: () => void;
  onAddSaved: (profile: RiderProfile) => void;
  onEdit: (rider: CartRider) => void;
  onRemove: (rider: CartRider) => void;
}

/** Who the gear is for: each rider of the booking, with what sizing and the binding go by. */
export function CartRiders({
  riders,
  saved,
  forAgent = false,
  onAdd,
  onAddSaved,
  onEdit,
  onRemove,
}: Props) {
  const { t } = useTranslation();
  return (
    <div className="riders-section">
      {riders.length === 0 && (
        <p className="booking-empty">
          {forAgent ? t('booking.noRidersYetAgent') : t('booking.noRidersYet')}
        </p>
      )}
      <ul className="rider-list">
        {riders.map((rider) => (
          <li key={rider.key} className="rider-card">
            <div className="rider-card__body">
              <div className="rider-card__name">{rider.name}</div>
              <div className="rider-card__facts">
                {riderFacts(t, rider, ['height', 'weight', 'age', 'ability', 'boot']) ||
                  t('booking.riderNoFacts')}
              </div>
            </div>
            <Button
              fill="none"
              className="icon-button"
              aria-label={t('booking.editRider', { name: rider.name })}
              onClick={() => onEdit(rider)}
            >
              <EditSOutline aria-hidden />
            </Button>
            <Button
              fill="none"
              className="icon-button"
              aria-label={t('booking.removeRider', { name: rider.name })}
              onClick={() => onRemove(rider)}
            >
              <DeleteOutline aria-hidden />
            </Button>
          </li>
        ))}
      </ul>
      {saved.length > 0 && (
        <>
          <p className="booking-hint">{t('booking.savedRiders')}</p>
          <div className="chip-row">
            {saved.map((profile) => (
              <button
                key={profile.id}
                type="button"
                className="chip"
                aria-label={t('booking.addSavedRider', { name: profile.name })}
                onClick={() => onAddSaved(profile)}
              >
                + {profile.name}
              </button>
            ))}
          </div>
        </>
      )}
      <Button block color="primary" fill="outline" onClick={onAdd}>
        <AddOutline aria-hidden /> {t('booking.addRider')}
      </Button>
    </div>
  );
}
