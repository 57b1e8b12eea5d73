import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Page } from '../../../components/Page';
import { PageSkeleton } from '../../../components/PageSkeleton';
import { ErrorState } from '../../../components/StatusState';
import { ApiError } from '../../../lib/api/api-client';
import type { Language } from '../../../lib/i18n/languages';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { isEditable, useSavedOrder } from '../api/ordering';
import type { DraftKind } from './local-drafts';
import { OrderingForm } from './OrderingForm';

export interface OrderingPageProps {
  readonly kind: DraftKind;
  readonly lang: Language;
}

/** service-order, service-quote (the OEM stepper) and order-form (the one-page checkout): one form, two layouts. */
export function OrderingPage({ kind, lang }: OrderingPageProps) {
  const { t } = useTranslation();
  const profile = useProfile();
  const [params] = useSearchParams();
  const draftRef = params.get('draft');
  const saved = useSavedOrder(draftRef);
  // Files picked and not yet saved outlive the form's remount when the saved order's version moves on.
  const [picked, setPicked] = useState<File[]>([]);
  if (!profile || (draftRef && saved.isPending)) return <PageSkeleton />;
  if (draftRef && (saved.isError || (saved.data && !isEditable(saved.data)))) {
    const missing = saved.error instanceof ApiError && saved.error.status === 404;
    return (
      <Page title={t(`ordering.title.${kind}`)}>
        <ErrorState
          title={t(missing ? 'ordering.resume.missing' : saved.isError ? 'ordering.resume.failed' : 'ordering.resume.notEditable', { refId: draftRef })}
          description={t('ordering.resume.hint')}
          action={
            saved.isError && !missing
              ? { label: t('actions.retry'), onClick: () => void saved.refetch() }
              : { label: t('ordering.resume.toOrders'), onClick: () => window.location.assign(paths.myServiceOrders(lang)) }
          }
        />
      </Page>
    );
  }
  return (
    <OrderingForm
      key={`${kind}:${draftRef ?? 'new'}:${saved.data?.version ?? 0}`}
      kind={kind}
      lang={lang}
      profile={profile}
      saved={saved.data ?? null}
      picked={picked}
      setPicked={setPicked}
    />
  );
}
