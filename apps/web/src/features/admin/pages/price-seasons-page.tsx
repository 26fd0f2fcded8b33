import { useState } from 'react';
import { Button, Tag } from 'antd-mobile';
import { AddOutline } from 'antd-mobile-icons';
import { useTranslation } from 'react-i18next';
import { Permissions, type PriceSeasonDto } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { ErrorBlock } from '@/components/error-block';
import { PageHeader } from '@/components/page-header';
import { PullToRefresh } from '@/components/pull-to-refresh';
import { QueryState } from '@/components/query-state';
import { useSession } from '@/features/auth';
import { usePriceSeasons, type PriceSeasonList } from '../api/price-seasons';
import { NoEnglishTag } from '../components/no-english-tag';
import { PriceSeasonEditor } from '../components/price-season-editor';
import { PricingScope } from '../components/pricing-scope';
import '../pricing.css';
import { inLanguage, TwoLanguages } from '@/components/two-languages';

/**
 * /store/admin/price-seasons (issue 60 §3): the days priced at a percentage of the cards, the
 * business's for every store without seasons of its own, or a store's. A manager works on their
 * own store's; the business's show there, marked, while the store has none.
 */
export default function PriceSeasonsPage() {
  const { t } = useTranslation();
  const canPick = useSession((s) => s.permissions).includes(Permissions.SystemManagement.Default);
  const [scope, setScope] = useState<string | null | undefined>(undefined);
  const seasons = usePriceSeasons(scope);
  const storeId = seasons.data ? seasons.data.storeId : (scope ?? null);
  const [editing, setEditing] = useState<PriceSeasonDto | 'new' | null>(null);

  return (
    <div className="admin-page pricing-page">
      <PageHeader
        title={t('admin.sections.priceSeasons.title')}
        backTo={Paths.admin}
        right={
          <Button
            size="small"
            color="primary"
            fill="none"
            disabled={!seasons.data}
            onClick={() => setEditing('new')}
          >
            <AddOutline aria-hidden /> {t('admin.priceSeasons.add')}
          </Button>
        }
      />
      <PullToRefresh onRefresh={async () => void (await seasons.refetch())}>
        <PricingScope
          storeId={storeId}
          canPick={canPick}
          hint={storeId ? undefined : t('admin.priceSeasons.scopeHintBusiness')}
          onPick={setScope}
        />
        <p className="admin-page__intro">{t('admin.priceSeasons.intro')}</p>
        <QueryState query={seasons} lines={6}>
          {(data) => <SeasonList data={data} onOpen={setEditing} />}
        </QueryState>
      </PullToRefresh>
      {seasons.data && (
        <PriceSeasonEditor
          target={editing}
          storeId={seasons.data.storeId}
          // Only a store's own seasons share its days; the business's stop applying once it has one.
          others={seasons.data.inherited ? [] : seasons.data.items}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

function SeasonList({
  data,
  onOpen,
}: {
  data: PriceSeasonList;
  onOpen: (season: PriceSeasonDto) => void;
}) {
  const { t, i18n } = useTranslation();
  // The business's seasons seen from a store are changed where they belong: the business's range.
  const readOnly = data.inherited && data.storeId !== null;
  return (
    <div className="page-body">
      {readOnly && (
        <p className="pricing-note" role="note">
          {t('admin.priceSeasons.inheritedNote')}
        </p>
      )}
      {data.items.length === 0 ? (
        <ErrorBlock
          status="empty"
          title={t('admin.priceSeasons.empty')}
          description={t('admin.priceSeasons.emptyHint')}
        />
      ) : (
        <ul className="pricing-list">
          {[...data.items]
            .sort((a, b) => a.from.localeCompare(b.from))
            .map((season) => (
              <li key={season.id} className="pricing-list__item">
                <div className="pricing-list__head">
                  <p className="pricing-list__name">
                    <TwoLanguages
                      zh={season.name}
                      en={season.nameEn}
                      wrap={(name) => <strong>{name}</strong>}
                    />{' '}
                    {!season.nameEn && <NoEnglishTag />}{' '}
                    {readOnly && (
                      <Tag color="default" fill="outline">
                        {t('admin.pricing.inherited')}
                      </Tag>
                    )}
                  </p>
                  {!readOnly && (
                    <Button
                      size="small"
                      fill="outline"
                      aria-label={t('admin.priceSeasons.editLabel', {
                        name: inLanguage(i18n.language, season.name, season.nameEn),
                      })}
                      onClick={() => onOpen(season)}
                    >
                      {t('admin.priceSeasons.edit')}
                    </Button>
                  )}
                </div>
                <p className="pricing-list__meta">
                  {t('admin.priceSeasons.range', { from: season.from, to: season.to })}
                  {' · '}
                  <b>{t('admin.priceSeasons.percent', { percent: season.percent })}</b>
                  {season.weekendPercent !== null && (
                    <>
                      {' · '}
                      {t('admin.priceSeasons.weekend', { percent: season.weekendPercent })}
                    </>
                  )}
                </p>
              </li>
            ))}
        </ul>
      )}
    </div>
  );
}
