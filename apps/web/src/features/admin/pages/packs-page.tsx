import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Permissions } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ErrorBlock } from '@/components/error-block';
import { PageHeader } from '@/components/page-header';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { QueryState } from '@/components/query-state';
import { useSession } from '@/features/auth';
import { fileUrl } from '@/lib/api-client';
import { money } from '@/lib/money';
import { useRentalPacks, type RentalPackItem } from '../api/rental-packs';
import { useGearKinds } from '../api/card-subjects';
import { PackEditor } from '../components/pack-editor';
import { PricingScope } from '../components/pricing-scope';
import '../pricing.css';

/**
 * /store/admin/packs (issue 60 §1, §3): each sport's pack levels, what each holds, its picture
 * and words, on sale or not. The business's packs are every store's; a store may add its own. A
 * manager changes their store's, and reads the business's.
 */
export default function PacksPage() {
  const { t } = useTranslation();
  const everyStore = useSession((s) => s.permissions).includes(
    Permissions.SystemManagement.Default,
  );
  // Undefined: the server's choice (the business's for system management, else the own store's).
  const [scope, setScope] = useState<string | null | undefined>(undefined);
  const packs = useRentalPacks(scope);
  const parts = useGearKinds();
  const storeId = packs.data ? packs.data.storeId : (scope ?? null);
  const [editing, setEditing] = useState<RentalPackItem | 'new' | null>(null);

  return (
    <div className="admin-page pricing-page">
      <PageHeader
        title={t('admin.sections.packs.title')}
        backTo={Paths.admin}
        right={
          <Button
            size="small"
            color="primary"
            fill="none"
            disabled={!packs.data}
            onClick={() => setEditing('new')}
          >
            <AddOutline aria-hidden /> {t('admin.packs.add')}
          </Button>
        }
      />
      <PullToRefresh onRefresh={async () => void (await packs.refetch())}>
        <PricingScope
          storeId={storeId}
          canPick={everyStore}
          hint={storeId ? t('admin.packs.scopeHintStore') : t('admin.packs.scopeHintBusiness')}
          onPick={setScope}
        />
        <QueryState query={packs} lines={8}>
          {(data) =>
            data.items.length === 0 ? (
              <ErrorBlock
                status="empty"
                title={t('admin.packs.empty')}
                description={t('admin.packs.emptyHint')}
              />
            ) : (
              <div className="page-body">
                <ul className="pricing-list">
                  {data.items.map((pack) => (
                    <PackRow
                      key={pack.id}
                      pack={pack}
                      partNames={pack.categoryIds.map(
                        (id) => parts.data?.find((p) => p.id === id)?.name ?? '…',
                      )}
                      canChange={everyStore || pack.storeId !== null}
                      onOpen={setEditing}
                    />
                  ))}
                </ul>
              </div>
            )
          }
        </QueryState>
      </PullToRefresh>
      {packs.data && (
        <PackEditor
          target={editing}
          storeId={packs.data.storeId}
          canChange={(p) => everyStore || p.storeId !== null}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function PackRow({
  pack,
  partNames,
  canChange,
  onOpen,
}: {
  pack: RentalPackItem;
  partNames: string[];
  canChange: boolean;
  onOpen: (pack: RentalPackItem) => void;
}) {
  const { t, i18n } = useTranslation();
  const english = i18n.language.startsWith('en');
  const name = english && pack.nameEn ? pack.nameEn : pack.name;
  const cards = [
    pack.cards.adult && t('admin.packs.cardAdult'),
    pack.cards.junior && t('admin.packs.cardJunior'),
  ].filter(Boolean);
  return (
    <li className="pricing-list__item pack-row">
      {pack.pictureUrl ? (
        <img className="pack-row__picture" src={fileUrl(pack.pictureUrl)} alt="" loading="lazy" />
      ) : (
        <span className="pack-row__picture pack-row__picture--none">
          {t('admin.packs.noPicture')}
        </span>
      )}
      <div className="pack-row__body">
        <div className="pricing-list__head">
          <p className="pricing-list__name">
            <strong>{name}</strong>{' '}
            <Tag color={pack.isActive ? 'success' : 'default'} fill="outline">
              {pack.isActive ? t('admin.packs.onSale') : t('admin.packs.offSale')}
            </Tag>{' '}
            {pack.inherited && (
              <Tag color="default" fill="outline">
                {t('admin.packs.business')}
              </Tag>
            )}
          </p>
          <Button
            size="small"
            fill="outline"
            aria-label={
              canChange
                ? t('admin.packs.editLabel', { name })
                : t('admin.packs.viewLabel', { name })
            }
            onClick={() => onOpen(pack)}
          >
            {canChange ? t('admin.packs.edit') : t('admin.packs.view')}
          </Button>
        </div>
        <p className="pricing-list__meta">
          {t('admin.packs.holds', { parts: partNames.join(english ? ', ' : '、') })}
        </p>
        {pack.grade && (
          <p className="pricing-list__meta">{t('admin.packs.ofGrade', { grade: pack.grade })}</p>
        )}
        <p className="pricing-list__meta">
          {t('admin.packs.daily', { daily: money(pack.dailyPrice), deposit: money(pack.deposit) })}
        </p>
        <p className="pricing-list__meta">
          {cards.length > 0
            ? t('admin.packs.cards', { which: cards.join(english ? ', ' : '、') })
            : t('admin.packs.cardsNone')}
        </p>
      </div>
    </li>
  );
}
