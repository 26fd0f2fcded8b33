import { useState } from 'react';
import { Button } from 'antd-mobile';
import { Popup } from '@/components/antd/popup';
import { useTranslation } from 'react-i18next';
import {
  GRADE_ATTRIBUTE,
  type BookableCategory,
  type BookableKind,
  type BookablePack,
  type CartLine,
  type CartRider,
} from '@snowgear/contracts';
import { money } from '@/lib/money';
import { stillFree } from '../utils/cart-lines';
import { fittingFreeKind } from '../utils/size-fit';
import { suggestFor } from '../utils/suggestions';
import { KindPicker } from './kind-picker';

export type GearTarget =
  | { type: 'item'; category: BookableCategory }
  | { type: 'pack'; pack: BookablePack; parts: BookableCategory[] };

interface Props {
  target: GearTarget | null;
  riders: CartRider[];
  /** The cart's lines: the sheet opens for the first rider who has none of this gear yet. */
  lines?: CartLine[];
  wanted: Map<string, number>;
  /** A rider's suggested size for a category (partial), if any (by default the riders' rules). */
  suggest?: (rider: CartRider, category: BookableCategory) => Record<string, string> | undefined;
  onAdd: (line: CartLine) => void;
  onAddRider: () => void;
  onClose: () => void;
}

/** Adds a kind, or a pack, for one rider: who it is for, then the size of each part. */
export function AddGearPopup(props: Props) {
  const { target, onClose } = props;
  return (
    <Popup
      showCloseButton
      visible={!!target}
      onMaskClick={onClose}
      onClose={onClose}
      position="bottom"
      bodyClassName="add-gear-popup"
      destroyOnClose
    >
      {/* A new target starts afresh, for the next rider without such gear. */}
      {target && <GearChoice key={targetKey(target)} {...props} target={target} />}
    </Popup>
  );
}

const targetKey = (target: GearTarget) =>
  target.type === 'item' ? target.category.id : target.pack.id;

const categoriesOf = (line: CartLine) =>
  line.type === 'item' ? [line.categoryId] : line.components.map((c) => c.categoryId);

/**
 * Who the sheet is for when it opens: the only rider, else the first (in the order added) with
 * none of the target's gear in the cart yet, so a family's second pack goes to its second
 * member without a tap; nobody when each has some already.
 */
export function nextRider(target: GearTarget, riders: CartRider[], lines: CartLine[]) {
  if (riders.length === 1) return riders[0]!.key;
  const wantedKinds = target.type === 'item' ? [target.category.id] : target.parts.map((c) => c.id);
  const has = (rider: CartRider) =>
    lines.some(
      (line) =>
        line.riderKey === rider.key && categoriesOf(line).some((c) => wantedKinds.includes(c)),
    );
  return riders.find((rider) => !has(rider))?.key ?? null;
}

function GearChoice({
  target,
  riders,
  lines = [],
  wanted,
  suggest = suggestFor,
  onAdd,
  onAddRider,
  onClose,
}: Props & { target: GearTarget }) {
  const { t } = useTranslation();
  const [riderKey, setRiderKey] = useState<string | null>(() => nextRider(target, riders, lines));
  // The sizes tapped, per part; a part not tapped takes its preselected size.
  const [sizes, setSizes] = useState<(Record<string, string> | null)[]>([]);
  const choose = (key: string) => {
    setRiderKey(key);
    setSizes([]);
  };
  // A rider added from this sheet is the one it is for (issue 61 §1): adjusted while rendering,
  // as React advises for state that follows a prop.
  const [known, setKnown] = useState(() => riders.map((r) => r.key));
  if (riders.length !== known.length || riders.some((r, i) => r.key !== known[i])) {
    const added = riders.find((r) => !known.includes(r.key));
    setKnown(riders.map((r) => r.key));
    if (added) choose(added.key);
  }
  const parts = target.type === 'item' ? [target.category] : target.parts;
  const rider = riders.find((r) => r.key === riderKey);

  /**
   * The rider's size where it is still free, else the free size nearest to it that still fits
   * them; nothing where nothing tells (a helmet) or nothing free fits. Gear of no grade comes
   * before a dearer grade of the same size (a pack's parts are of its grade already).
   */
  const preselected = (category: BookableCategory): BookableKind | null => {
    if (!rider) return null;
    const grade = category.sizeAttributes.find((a) => a.name === GRADE_ATTRIBUTE);
    const plain = (kind: BookableKind) => !grade || !(grade.id in kind.size);
    const ideal = suggest(rider, category) ?? {};
    const among = (usable: (kind: BookableKind) => boolean) => {
      const free = (kind: BookableKind) => (usable(kind) ? stillFree(category, kind, wanted) : 0);
      const exact =
        Object.keys(ideal).length > 0
          ? category.kinds.find(
              (k) => free(k) > 0 && Object.entries(ideal).every(([id, v]) => k.size[id] === v),
            )
          : undefined;
      return exact ?? fittingFreeKind(category, free, rider, {});
    };
    return among(plain) ?? among(() => true);
  };
  const sizeOf = (i: number, category: BookableCategory) =>
    sizes[i] ??
    (category.kinds.length === 1 ? category.kinds[0]!.size : null) ??
    preselected(category)?.size ??
    null;
  const complete = !!rider && parts.every((c, i) => sizeOf(i, c) !== null);

  const handleAdd = () => {
    if (!rider) return;
    if (target.type === 'item') {
      onAdd({
        type: 'item',
        categoryId: target.category.id,
        size: sizeOf(0, target.category)!,
        equipmentId: null,
        riderKey: rider.key,
      });
    } else {
      onAdd({
        type: 'pack',
        packId: target.pack.id,
        riderKey: rider.key,
        components: parts.map((c, i) => ({ categoryId: c.id, size: sizeOf(i, c)! })),
      });
    }
    onClose();
  };

  const title = target.type === 'item' ? target.category.name : target.pack.name;
  return (
    <div role="dialog" aria-modal="true" aria-labelledby="add-gear-title">
      <h2 id="add-gear-title" className="add-gear-popup__title">
        {title}
        {target.type === 'pack' && (
          <span className="add-gear-popup__price">{money(target.pack.rent)}</span>
        )}
      </h2>
      <section aria-labelledby="add-gear-rider">
        <h3 id="add-gear-rider" className="add-gear-popup__step">
          {t('booking.forWhom')}
        </h3>
        {riders.length === 0 ? (
          <p className="add-gear-popup__hint">{t('booking.addRiderFirst')}</p>
        ) : (
          <div className="chip-row" role="radiogroup" aria-labelledby="add-gear-rider">
            {riders.map((r) => (
              <button
                key={r.key}
                type="button"
                role="radio"
                aria-checked={r.key === riderKey}
                className={`chip${r.key === riderKey ? ' chip--selected' : ''}`}
                onClick={() => choose(r.key)}
              >
                {r.name}
              </button>
            ))}
          </div>
        )}
        <Button
          fill="none"
          color="primary"
          className="add-gear-popup__add-rider"
          onClick={onAddRider}
        >
          {t('booking.addRider')}
        </Button>
      </section>
      {parts.map((category, i) => (
        <section key={category.id} aria-label={category.name}>
          <h3 className="add-gear-popup__step">
            {target.type === 'pack' ? category.name : t('booking.chooseSize')}
          </h3>
          <KindPicker
            category={category}
            wanted={wanted}
            value={sizeOf(i, category)}
            suggested={
              rider ? (preselected(category)?.size ?? suggest(rider, category)) : undefined
            }
            rider={rider}
            priced={target.type === 'item'}
            onPick={(size) =>
              setSizes((prev) => {
                const next = [...prev];
                next[i] = size;
                return next;
              })
            }
          />
        </section>
      ))}
      <div className="add-gear-popup__actions">
        <Button block size="large" onClick={onClose}>
          {t('app.cancel')}
        </Button>
        <Button block size="large" color="primary" disabled={!complete} onClick={handleAdd}>
          {t('booking.addToBooking')}
        </Button>
      </div>
    </div>
  );
}
