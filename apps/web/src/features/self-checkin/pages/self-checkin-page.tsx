import { useState } from 'react';
import { useParams } from 'react-router';
import { Button, Result } from 'antd-mobile';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { ErrorBlock } from '@/components/error-block';
import { ApiError } from '@/lib/api-errors';
import { RiderForm, type RiderDraft } from '@/features/riders';
import { useAddSelfCheckinRider, usePublicSelfCheckin } from '../api/self-checkin';

/**
 * /customer/checkin/:token (public): a family member scanned the clerk's code and adds
 * themselves: name, height, weight, age, level and boot size, on their own phone, without an
 * account. They appear on the clerk's order at once; the same phone can add another member.
 */
export default function SelfCheckinPage() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const query = usePublicSelfCheckin(token);
  const add = useAddSelfCheckinRider(token);
  // The names this phone sent, and a fresh form for the next member.
  const [sent, setSent] = useState<string[]>([]);
  const [form, setForm] = useState(0);
  const [typing, setTyping] = useState(true);

  const handleSave = async ({ isSelf: _self, ...rider }: RiderDraft) => {
    await add.mutateAsync(rider);
    setSent((names) => [...names, rider.name]);
    void query.refetch();
  };

  return (
    <div className="self-checkin">
      <PageHeader title={t('selfCheckin.title')} />
      {query.error instanceof ApiError && query.error.status === 404 ? (
        <ErrorBlock
          status="empty"
          title={t('selfCheckin.expired')}
          description={t('selfCheckin.expiredTip')}
        />
      ) : (
        <QueryState query={query} lines={8}>
          {(checkin) => (
            <>
              <p className="page-body self-checkin__intro">
                {t('selfCheckin.intro', { store: checkin.storeName })}
              </p>
              {sent.length > 0 && (
                <Result
                  status="success"
                  title={t('selfCheckin.sent', { names: sent.join(t('inquiry.listSeparator')) })}
                  description={t('selfCheckin.sentTip')}
                />
              )}
              {checkin.full ? (
                <p className="page-body field-error" role="alert">
                  {t('selfCheckin.full')}
                </p>
              ) : typing ? (
                <section className="page-body" aria-label={t('selfCheckin.formTitle')}>
                  <h2 className="sheet__title">
                    {sent.length > 0 ? t('selfCheckin.nextTitle') : t('selfCheckin.formTitle')}
                  </h2>
                  <RiderForm
                    key={form}
                    value={null}
                    standalone={{ saveText: t('selfCheckin.send') }}
                    onSave={handleSave}
                    onClose={() => setTyping(false)}
                  />
                </section>
              ) : (
                <div className="page-body">
                  <Button
                    block
                    size="large"
                    onClick={() => {
                      setForm((n) => n + 1);
                      setTyping(true);
                    }}
                  >
                    {t('selfCheckin.another')}
                  </Button>
                </div>
              )}
            </>
          )}
        </QueryState>
      )}
    </div>
  );
}
