import { useState } from 'react';
import { Button, Input, Selector, Switch } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import {
  ORDER_ITEMS_MAX,
  RIDER_NAME_MAX,
  type CounterRider,
  type RiderProfile,
} from '@snowgear/contracts';
import { useCategories } from '@/features/inventory';
import { RiderEditor, type RiderDraft } from '@/features/riders';
import { riderFacts } from '@/lib/rider-facts';
import { useCustomerRiders } from '../api/customer-riders';
import type { OrderCreateDraft, OrderCreateLine } from '../utils/order-create-form';
import {
  linesByRider,
  namedRider,
  newRiderKey,
  riderDin,
  withoutRider,
} from '../utils/order-riders';
import '../counter-people.css';
import { SelfCheckinButton } from '@/features/self-checkin';

type Draft = Pick<OrderCreateDraft, 'riders' | 'items' | 'group' | 'activeRider' | 'customerPhone'>;

/** Past this many lines the people start folded, each with their count (a group of 50). */
const FOLD_FROM = 8;

/**
 * The people of a counter order: added here (every measurement optional, or just a name for a
 * group's member), or picked from the customer's saved riders (by the phone number typed);
 * each line of gear is given to one of them, and skis show the DIN the chart suggests for
 * their person. With two or more (a family or a group), each scanned item goes to the next one
 * without that kind of gear, from the person selected here.
 */
export function OrderCreateRiders({
  draft,
  storeId,
  onChange,
}: {
  draft: Draft;
  /** The order's store, where a self check-in is opened. */
  storeId: string;
  onChange: (patch: Partial<OrderCreateDraft>) => void;
}) {
  const { t } = useTranslation();
  const saved = useCustomerRiders(draft.customerPhone);
  const categories = useCategories();
  const [editing, setEditing] = useState<CounterRider | 'new' | null>(null);
  const [quickName, setQuickName] = useState('');
  const full = draft.riders.length >= ORDER_ITEMS_MAX;
  const skis = new Set(
    (categories.data?.items ?? []).filter((c) => c.dinAdjustable).map((c) => c.name),
  );

  const add = (rider: CounterRider) => addAll([rider]);
  /** People join the order; two or more make it a family or group. */
  const addAll = (people: CounterRider[]) => {
    const room = ORDER_ITEMS_MAX - draft.riders.length;
    if (room <= 0 || people.length === 0) return;
    const riders = [...draft.riders, ...people.slice(0, room)];
    // Two or more skiers are a family or a group: scans go to each in turn (lineForNext), from
    // the current person on, or the first one added.
    const group = draft.group || riders.length >= 2;
    onChange({
      riders,
      group,
      ...(group ? { activeRider: draft.activeRider ?? riders[0]!.key } : {}),
    });
  };
  const handleQuickAdd = () => {
    if (!quickName.trim()) return;
    add(namedRider(quickName));
    setQuickName('');
  };
  const handlePick = (profile: RiderProfile) => {
    const { id, isSelf: _self, updatedAt: _updated, ...fields } = profile;
    add({ ...fields, key: newRiderKey(), profileId: id });
  };
  const handleSave = (value: RiderDraft) => {
    const { isSelf: _self, ...fields } = value;
    if (editing === 'new') {
      add({ ...fields, key: newRiderKey(), profileId: null });
    } else if (editing) {
      onChange({
        riders: draft.riders.map((r) =>
          r.key === editing.key ? { ...r, ...fields, profileId: r.profileId } : r,
        ),
      });
    }
    setEditing(null);
  };
  const assign = (line: OrderCreateLine, riderKey: string) =>
    onChange({
      items: draft.items.map((l) =>
        l.equipmentId === line.equipmentId ? { ...l, riderKey: riderKey || null } : l,
      ),
    });

  const groups = linesByRider(draft.riders, draft.items);
  const folded = draft.items.length >= FOLD_FROM;
  const pickable = (saved.data?.items ?? []).filter(
    (p) => !draft.riders.some((r) => r.profileId === p.id),
  );

  return (
    <section className="order-create__section counter-riders" aria-labelledby="counter-riders">
      <h2 id="counter-riders" className="order-create__heading">
        {t('counterPeople.title')}
        {draft.riders.length > 0 && (
          <small className="counter-riders__count">
            {' '}
            {t('counterPeople.people', { count: draft.riders.length })}
          </small>
        )}
      </h2>
      <div className="counter-riders__body">
        <label className="counter-riders__group">
          <span>
            <strong>{t('counterPeople.group')}</strong>
            <small>{t('counterPeople.groupTip')}</small>
          </span>
          <Switch
            checked={draft.group}
            aria-label={t('counterPeople.group')}
            onChange={(group) =>
              onChange({ group, activeRider: group ? (draft.riders.at(-1)?.key ?? null) : null })
            }
          />
        </label>
        <p className="counter-riders__tip">{t('counterPeople.tip')}</p>

        {draft.group && (
          <div className="counter-riders__quick">
            <Input
              aria-label={t('counterPeople.quickName')}
              placeholder={t('counterPeople.quickPlaceholder')}
              value={quickName}
              maxLength={RIDER_NAME_MAX}
              onChange={setQuickName}
              onEnterPress={handleQuickAdd}
            />
            <Button color="primary" disabled={!quickName.trim() || full} onClick={handleQuickAdd}>
              {t('counterPeople.quickAdd')}
            </Button>
          </div>
        )}
        <Button block disabled={full} onClick={() => setEditing('new')}>
          {t('counterPeople.add')}
        </Button>
        {/* Or each skier types their own details on their phone, and joins the order as sent. */}
        <SelfCheckinButton
          storeId={storeId}
          disabled={full}
          onRiders={(arrived) =>
            addAll(arrived.map(({ key, ...fields }) => ({ ...fields, key, profileId: null })))
          }
        />
        {full && (
          <p className="field-error">{t('counterPeople.tooMany', { max: ORDER_ITEMS_MAX })}</p>
        )}

        <div className="counter-riders__saved">
          <h3>{t('counterPeople.saved')}</h3>
          {!saved.data ? (
            <p className="counter-riders__tip">{t('counterPeople.savedHint')}</p>
          ) : saved.data.items.length === 0 ? (
            <p className="counter-riders__tip">{t('counterPeople.savedNone')}</p>
          ) : (
            <div className="counter-riders__chips">
              {saved.data.items.map((profile) => {
                const picked = !pickable.includes(profile);
                return (
                  <Button
                    key={profile.id}
                    size="small"
                    disabled={picked || full}
                    aria-label={t('counterPeople.pick', { name: profile.name })}
                    onClick={() => handlePick(profile)}
                  >
                    {profile.name}
                    {picked && ` · ${t('counterPeople.picked')}`}
                  </Button>
                );
              })}
            </div>
          )}
        </div>

        {draft.group && draft.riders.length > 0 && (
          <div className="counter-riders__active">
            <h3>{t('counterPeople.selected')}</h3>
            <Selector
              columns={3}
              options={draft.riders.map((r) => ({ label: r.name, value: r.key }))}
              value={draft.activeRider ? [draft.activeRider] : []}
              onChange={(keys) => onChange({ activeRider: keys[0] ?? null })}
            />
          </div>
        )}

        {groups.map(({ rider, lines }) => (
          <details
            key={rider?.key ?? 'nobody'}
            className="counter-riders__person"
            open={!folded || (!!rider && rider.key === draft.activeRider)}
          >
            <summary>
              <span className="counter-riders__name">
                {rider?.name ?? t('counterPeople.unassigned')}
              </span>
              <span className="counter-riders__lines">
                {t('counterPeople.lines', { count: lines.length })}
              </span>
            </summary>
            {rider && (
              <div className="counter-riders__facts">
                <span>
                  {riderFacts(t, rider, ['height', 'weight', 'age', 'ability', 'boot', 'sole'])}
                </span>
                <Button
                  size="small"
                  aria-label={t('counterPeople.edit', { name: rider.name })}
                  onClick={() => setEditing(rider)}
                >
                  {t('riders.edit')}
                </Button>
                <Button
                  size="small"
                  color="danger"
                  fill="outline"
                  aria-label={t('counterPeople.remove', { name: rider.name })}
                  onClick={() => onChange(withoutRider(draft, rider.key))}
                >
                  {t('riders.delete')}
                </Button>
              </div>
            )}
            <ul className="counter-riders__items">
              {lines.map((line) => {
                const din = rider && skis.has(line.categoryName) ? riderDin(rider) : undefined;
                return (
                  <li key={line.equipmentId}>
                    <span>
                      {line.name}
                      <small> · {line.barcodeNumber}</small>
                      {din !== undefined && (
                        <small className="counter-riders__din">
                          {din === null
                            ? t('counterPeople.noData')
                            : t('din.suggestion', { value: din })}
                        </small>
                      )}
                    </span>
                    <select
                      aria-label={t('counterPeople.assign', { name: line.name })}
                      value={rider?.key ?? ''}
                      onChange={(event) => assign(line, event.target.value)}
                    >
                      <option value="">{t('counterPeople.nobody')}</option>
                      {draft.riders.map((r) => (
                        <option key={r.key} value={r.key}>
                          {r.name}
                        </option>
                      ))}
                    </select>
                  </li>
                );
              })}
            </ul>
          </details>
        ))}
      </div>
      <RiderEditor
        visible={editing !== null}
        titles={{ add: t('counterPeople.add'), edit: t('counterPeople.editTitle') }}
        value={editing === 'new' ? null : editing}
        onSave={handleSave}
        onClose={() => setEditing(null)}
      />
    </section>
  );
}
