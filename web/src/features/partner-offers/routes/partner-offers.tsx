import { Button, Chip, Group, Select, SimpleGrid, Skeleton, Stack, Text } from '@mantine/core';
import { COUNTRY_CODES, PARTNER_OFFER_PHASES, PARTNER_OFFER_TYPES, STAFF_DEFAULT_PARTNER_OFFER_PHASES } from '@onsite/domain';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { IconPlus } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { SearchInput } from '../../../components/widgets';
import { mayChange } from '../../../lib/session/access';
import { useLanguage } from '../../../lib/i18n/use-language';
import { useProfile } from '../../../lib/session/session';
import { usePartnerOffers, useReloadPartnerOffers, type PartnerOfferView } from '../api/partner-offers';
import { PartnerOfferCard } from '../components/PartnerOfferCard';
import { PartnerOfferDialog } from '../components/PartnerOfferDialog';
import { RetirePartnerOfferDialog } from '../components/RetirePartnerOfferDialog';

function CardsSkeleton() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" aria-busy="true">
      {[0, 1, 2].map((i) => (
        <Skeleton key={i} height={260} radius="md" />
      ))}
    </SimpleGrid>
  );
}

/**
 * partner-offers: the partner marketplace (D34). Customers see the offers running today in their company's
 * country; staff see every offer by phase and country, and publish, edit and retire them. Filters live in the URL.
 */
export function Component() {
  const { t } = useTranslation();
  const lang = useLanguage();
  const profile = useProfile();
  const staff = profile?.type === 'BL';
  // Staff publish, edit and retire offers; a read-only role (the auditor) sees them as staff do and changes none.
  const manage = staff && mayChange(profile);
  const [params, setParams] = useSearchParams();
  const search = params.get('q') ?? '';
  const type = PARTNER_OFFER_TYPES.find((x) => x === params.get('type')) ?? null;
  const country = COUNTRY_CODES.find((x) => x === params.get('country')) ?? null;
  const phasesParam = params.get('phases');
  const phases = phasesParam === null ? STAFF_DEFAULT_PARTNER_OFFER_PHASES : PARTNER_OFFER_PHASES.filter((p) => phasesParam.split(',').includes(p));
  const [dialog, setDialog] = useState<{ kind: 'edit'; offer: PartnerOfferView | null } | { kind: 'retire'; offer: PartnerOfferView } | null>(null);
  const reloadList = useReloadPartnerOffers();

  const set = (patch: Record<string, string | null>) =>
    setParams(
      (previous) => {
        const next = new URLSearchParams(previous);
        for (const [key, value] of Object.entries(patch)) {
          if (value === null) next.delete(key);
          else next.set(key, value);
        }
        return next;
      },
      { replace: true },
    );

  const offers = usePartnerOffers({ lang, search, type, ...(staff ? { phases, country } : {}) });
  const knownKeywords = useMemo(() => [...new Set((offers.data?.items ?? []).flatMap((o) => o.keywords))].sort(), [offers.data]);
  const filtered = Boolean(search || type || (staff && (country || phasesParam !== null)));
  const closeDialog = () => setDialog(null);
  const reload = () => {
    setDialog(null);
    void reloadList();
  };

  return (
    <Page
      title={t('partners.title')}
      actions={
        manage ? (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'edit', offer: null })} data-testid="new-partner-offer">
            {t('partners.new')}
          </Button>
        ) : undefined
      }
    >
      <Stack gap="lg">
        <Text c="dimmed" maw={720}>
          {t(staff ? 'partners.introStaff' : 'partners.intro', { country: profile?.country ? t(`countries.${profile.country}`) : '' })}
        </Text>
        <Group gap="md" align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 240px', maxWidth: 360 }}>
            <SearchInput label={t('partners.search')} value={search} onChange={(value) => set({ q: value.trim() || null })} debounced />
          </div>
          <Select
            label={t('partners.fields.type')}
            placeholder={t('partners.allTypes')}
            data={PARTNER_OFFER_TYPES.map((x) => ({ value: x, label: t(`partners.types.${x}`) }))}
            value={type}
            onChange={(value) => set({ type: value })}
            clearable
            w={{ base: '100%', xs: 220 }}
          />
          {staff ? (
            <Select
              label={t('fields.country')}
              placeholder={t('partners.allCountries')}
              data={COUNTRY_CODES.map((code) => ({ value: code, label: t(`countries.${code}`) }))}
              value={country}
              onChange={(value) => set({ country: value })}
              clearable
              searchable
              w={{ base: '100%', xs: 220 }}
            />
          ) : null}
        </Group>
        {staff ? (
          <Chip.Group multiple value={[...phases]} onChange={(value) => set({ phases: PARTNER_OFFER_PHASES.filter((p) => value.includes(p)).join(',') })}>
            <Group gap="xs" role="group" aria-label={t('partners.phaseFilter')}>
              {PARTNER_OFFER_PHASES.map((phase) => (
                <Chip key={phase} value={phase} variant="outline">
                  {t(`partners.phases.${phase}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        ) : null}
        {offers.isPending ? (
          <CardsSkeleton />
        ) : offers.isError ? (
          <ErrorState
            title={t('partners.error.title')}
            description={t('partners.error.text')}
            action={{ label: t('actions.retry'), onClick: () => void offers.refetch() }}
          />
        ) : offers.data.items.length === 0 ? (
          filtered ? (
            <EmptyListState
              title={t('partners.empty.noMatch')}
              description={t('partners.empty.noMatchHint')}
              action={{ label: t('partners.clearFilters'), onClick: () => setParams({}, { replace: true }) }}
            />
          ) : staff ? (
            <EmptyListState
              title={t('partners.empty.staff')}
              description={t('partners.empty.staffHint')}
              action={manage ? { label: t('partners.new'), onClick: () => setDialog({ kind: 'edit', offer: null }) } : undefined}
            />
          ) : (
            <EmptyListState title={t('partners.empty.customer')} description={t('partners.empty.customerHint')} />
          )
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg" style={{ opacity: offers.isPlaceholderData ? 0.6 : 1 }} data-testid="partner-offers">
            {offers.data.items.map((offer) => (
              <PartnerOfferCard
                key={offer.offerId}
                offer={offer}
                staffView={staff}
                {...(manage ? { onEdit: () => setDialog({ kind: 'edit', offer }), onRetire: () => setDialog({ kind: 'retire', offer }) } : {})}
              />
            ))}
          </SimpleGrid>
        )}
      </Stack>
      {dialog?.kind === 'edit' ? <PartnerOfferDialog offer={dialog.offer} knownKeywords={knownKeywords} onClose={closeDialog} onReload={reload} /> : null}
      {dialog?.kind === 'retire' ? <RetirePartnerOfferDialog offer={dialog.offer} onClose={closeDialog} onReload={reload} /> : null}
    </Page>
  );
}
