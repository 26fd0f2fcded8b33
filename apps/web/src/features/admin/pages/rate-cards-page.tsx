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
import { money } from '@/lib/money';
import { useRateCards, type RateCardItem, type RateCardList } from '../api/rate-cards';
import { PricingScope } from '../components/pricing-scope';
import { RateCardEditor } from '../components/rate-card-editor';
import '../pricing.css';

/**
 * /store/admin/rate-cards (issue 60 §3): what a rental of each length costs, per pack and kind
 * of gear, adult and junior; the business's for every store, or a store's own where it has
 * them. A manager works on their own store's.
 */
export default function RateCardsPage() {
  const { t } = useTranslation();
  const canPick = useSession((s) => s.permissions).includes(Permissions.SystemManagement.Default);
  // Undefined: the server's choice (the business's for system management, else the own store's).
  const [scope, setScope] = useState<string | null | undefined>(undefined);
  const cards = useRateCards(scope);
  const storeId = cards.data ? cards.data.storeId : (scope ?? null);
  const [editing, setEditing] = useState<RateCardItem | 'new' | null>(null);

  return (
    <div className="admin-page pricing-page">
      <PageHeader
        title={t('admin.sections.rateCards.title')}
        backTo={Paths.admin}
        right={
          <Button
            size="small"
            color="primary"
            fill="none"
            disabled={!cards.data}
            onClick={() => setEditing('new')}
          >
            <AddOutline aria-hidden /> {t('admin.rateCards.add')}
          </Button>
        }
      />
      <PullToRefresh onRefresh={async () => void (await cards.refetch())}>
        <PricingScope
          storeId={storeId}
          canPick={canPick}
          hint={
            storeId ? t('admin.rateCards.scopeHintStore') : t('admin.rateCards.scopeHintBusiness')
          }
          onPick={setScope}
        />
        <QueryState query={cards} lines={8}>
          {(data) => <CardList data={data} onOpen={setEditing} />}
        </QueryState>
      </PullToRefresh>
      {cards.data && (
        <RateCardEditor
          target={editing}
          storeId={cards.data.storeId}
          cards={cards.data.items}
          onClose={() => setEditing(null)}
        />
      )}
    </div>
  );
}

/** Packs first, then single gear; each subject's adult card before its junior one. */
function CardList({ data, onOpen }: { data: RateCardList; onOpen: (card: RateCardItem) => void }) {
  const { t } = useTranslation();
  if (data.items.length === 0) {
    return (
      <ErrorBlock
        status="empty"
        title={t('admin.rateCards.empty')}
        description={t('admin.rateCards.emptyHint')}
      />
    );
  }
  // In the server's order: the shop's own (a sport's pack levels together).
  const groups = [
    {
      key: 'pack',
      title: t('admin.rateCards.packs'),
      items: data.items.filter((c) => c.subjectKind === 'pack'),
    },
    {
      key: 'category',
      title: t('admin.rateCards.categories'),
      items: data.items.filter((c) => c.subjectKind === 'category'),
    },
  ].filter((g) => g.items.length > 0);
  return (
    <div className="page-body pricing-groups">
      {groups.map((group) => (
        <section key={group.key} aria-labelledby={`rate-cards-${group.key}`}>
          <h2 id={`rate-cards-${group.key}`} className="section-title">
            {group.title}
          </h2>
          <ul className="pricing-list">
            {group.items.map((card) => (
              <CardRow key={card.id} card={card} forStore={data.storeId !== null} onOpen={onOpen} />
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function CardRow({
  card,
  forStore,
  onOpen,
}: {
  card: RateCardItem;
  forStore: boolean;
  onOpen: (card: RateCardItem) => void;
}) {
  const { t } = useTranslation();
  const who = card.junior ? t('admin.rateCards.junior') : t('admin.rateCards.adult');
  const override = forStore && card.inherited;
  return (
    <li className="pricing-list__item">
      <div className="pricing-list__head">
        <p className="pricing-list__name">
          <strong>{card.subjectName}</strong>{' '}
          <Tag color={card.junior ? 'warning' : 'primary'} fill="outline">
            {who}
          </Tag>{' '}
          {card.inherited && (
            <Tag color="default" fill="outline">
              {t('admin.pricing.inherited')}
            </Tag>
          )}
        </p>
        <Button
          size="small"
          fill="outline"
          aria-label={
            override
              ? t('admin.rateCards.overrideLabel', { name: card.subjectName, who })
              : t('admin.rateCards.editLabel', { name: card.subjectName, who })
          }
          onClick={() => onOpen(card)}
        >
          {override ? t('admin.rateCards.override') : t('admin.rateCards.edit')}
        </Button>
      </div>
      <div className="rate-card-table">
        <ol>
          {card.lengths.map((yuan, i) => (
            <li key={i}>
              {t('admin.rateCards.days', { count: i + 1 })} <b>{money(yuan)}</b>
            </li>
          ))}
        </ol>
        <p>
          {t('admin.rateCards.furtherDay')} <b>{money(card.furtherDay)}</b>
        </p>
        {card.halfDay !== null && (
          <p>
            {t('admin.rateCards.halfDay')} <b>{money(card.halfDay)}</b>
          </p>
        )}
        {card.deposit !== null && (
          <p>
            {t('admin.rateCards.deposit')} <b>{money(card.deposit)}</b>
          </p>
        )}
      </div>
    </li>
  );
}
