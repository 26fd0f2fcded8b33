import { useState } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { Button, Result } from 'antd-mobile';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { RoleName, type RiderProfile } from '@snowgear/contracts';
import { Paths } from '@/config/paths';
import { PageHeader } from '@/components/page-header';
import { QueryState } from '@/components/query-state';
import { ErrorBlock } from '@/components/error-block';
import { ApiError } from '@/lib/api-errors';
import { useSession } from '@/features/auth';
import { RiderForm, ridersQuery, type RiderDraft } from '@/features/riders';
import { useAddSelfCheckinRider, usePublicSelfCheckin } from '../api/self-checkin';

/**
 * /customer/checkin/:token (public): a family member scanned the clerk's code and adds
 * themselves: name, height, weight, age, level and boot size, on their own phone, without an
 * account. They appear on the clerk's order at once; the same phone can add another member.
 * A signed-in customer sends their saved skiers with a tap each; a visitor may sign in for them.
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
  const location = useLocation();
  const isCustomer = useSession(
    (s) => !!s.accessToken && !!s.user?.roles.includes(RoleName.Customer),
  );
  const saved = useQuery({ ...ridersQuery(), enabled: isCustomer });
  const [savedError, setSavedError] = useState<string | null>(null);

  const handleSave = async ({ isSelf: _self, ...rider }: RiderDraft) => {
    await add.mutateAsync(rider);
    setSent((names) => [...names, rider.name]);
    void query.refetch();
  };

  const sendSaved = async ({ id: _id, isSelf: _self, updatedAt: _at, ...rider }: RiderProfile) => {
    setSavedError(null);
    try {
      await handleSave({ ...rider, isSelf: false });
    } catch (err) {
      setSavedError(err instanceof Error ? err.message : t('api.unknown'));
    }
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
              ) : (
                <SavedSkiers
                  isCustomer={isCustomer}
                  riders={saved.data?.items ?? []}
                  sent={sent}
                  sending={add.isPending}
                  error={savedError}
                  signInTo={`${Paths.customerLogin}?redirect=${encodeURIComponent(location.pathname)}`}
                  onSend={(rider) => void sendSaved(rider)}
                />
              )}
              {checkin.full ? null : typing ? (
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

/**
 * A signed-in customer's saved skiers, each sent with one tap (and marked once sent); a visitor
 * is offered to sign in for them and comes back here.
 */
function SavedSkiers(props: {
  isCustomer: boolean;
  riders: RiderProfile[];
  sent: string[];
  sending: boolean;
  error: string | null;
  signInTo: string;
  onSend: (rider: RiderProfile) => void;
}) {
  const { t } = useTranslation();
  if (!props.isCustomer) {
    return (
      <p className="page-body">
        <Link to={props.signInTo} className="self-checkin__sign-in">
          {t('selfCheckin.signInForSaved')}
        </Link>
      </p>
    );
  }
  if (props.riders.length === 0) return null;
  return (
    <section className="page-body" aria-labelledby="self-checkin-saved">
      <h2 id="self-checkin-saved" className="sheet__title">
        {t('selfCheckin.savedTitle')}
      </h2>
      <p className="booking-hint">{t('selfCheckin.savedTip')}</p>
      <div className="chip-row">
        {props.riders.map((rider) => {
          const done = props.sent.includes(rider.name);
          return (
            <button
              key={rider.id}
              type="button"
              className={`chip${done ? ' chip--selected' : ''}`}
              disabled={done || props.sending}
              onClick={() => props.onSend(rider)}
            >
              {done
                ? t('selfCheckin.sentSaved', { name: rider.name })
                : t('selfCheckin.sendSaved', { name: rider.name })}
            </button>
          );
        })}
      </div>
      {props.error && (
        <p className="field-error" role="alert">
          {props.error}
        </p>
      )}
    </section>
  );
}
