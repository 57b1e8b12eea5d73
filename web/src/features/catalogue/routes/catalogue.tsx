import { Button, Group, Skeleton, Stack, Tabs, Text } from '@mantine/core';
import type { Language } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../components/icons';
import { Page } from '../../../components/Page';
import { EmptyListState, ErrorState } from '../../../components/StatusState';
import { ACCESS, can } from '../../../lib/session/access';
import { useProfile } from '../../../lib/session/session';
import { useExportPrices, useManagedCatalogue, type CatalogueItemKind, type ManagedSegment, type ManagedService } from '../api/catalogue';
import { CatalogueHistory } from '../components/CatalogueHistory';
import { SegmentList, ServiceList } from '../components/CatalogueLists';
import { ConfirmCatalogueDialog, type Confirmation } from '../components/ConfirmCatalogueDialog';
import { PriceImportDialog } from '../components/PriceImportDialog';
import { SegmentDialog } from '../components/SegmentDialog';
import { ServiceDialog } from '../components/ServiceDialog';
import { localizedName } from '../components/texts';

type Dialog =
  | { kind: 'service'; service: ManagedService | null }
  | { kind: 'segment'; segment: ManagedSegment | null }
  | { kind: 'confirm'; confirmation: Confirmation }
  | { kind: 'history'; item: CatalogueItemKind; id: string }
  | { kind: 'import' };

/**
 * catalogue: the provider's segments and services with their prices (D208). Every staff member reads them with their
 * history; staff administrators and sales staff create, change, publish and retire them.
 */
export function Component() {
  const { t, i18n } = useTranslation();
  const lang = (i18n.resolvedLanguage ?? 'en') as Language;
  const profile = useProfile();
  const manage = can(ACCESS.catalogueManagement, profile);
  const catalogue = useManagedCatalogue();
  const [tab, setTab] = useState<string | null>('services');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const close = () => setDialog(null);
  const exportPrices = useExportPrices();
  const priceButtons = (
    <>
      <Button variant="default" onClick={() => exportPrices.mutate()} loading={exportPrices.isPending} data-testid="export-prices">
        {t('catalogueAdmin.import.export')}
      </Button>
      {manage ? (
        <Button variant="default" onClick={() => setDialog({ kind: 'import' })} data-testid="import-prices">
          {t('catalogueAdmin.import.open')}
        </Button>
      ) : null}
    </>
  );

  const newButton =
    tab === 'segments' ? (
      <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'segment', segment: null })} data-testid="new-segment">
        {t('catalogueAdmin.segment.new')}
      </Button>
    ) : (
      <Button leftSection={<IconPlus size={16} />} onClick={() => setDialog({ kind: 'service', service: null })} data-testid="new-service">
        {t('catalogueAdmin.service.new')}
      </Button>
    );

  return (
    <Page
      title={t('catalogueAdmin.title')}
      meta={
        <Text size="sm" c="dimmed">
          {t(manage ? 'catalogueAdmin.intro' : 'catalogueAdmin.introReadOnly')}
        </Text>
      }
      actions={
        <Group gap="xs">
          {priceButtons}
          {manage ? newButton : null}
        </Group>
      }
    >
      {catalogue.isPending ? (
        <Stack gap="xs" aria-busy="true">
          {[0, 1, 2, 3].map((i) => (
            <Skeleton key={i} height={36} />
          ))}
        </Stack>
      ) : catalogue.isError ? (
        <ErrorState
          title={t('catalogueAdmin.loadError')}
          description={t('catalogueAdmin.loadErrorText')}
          action={{ label: t('actions.retry'), onClick: () => void catalogue.refetch() }}
        />
      ) : (
        <Tabs value={tab} onChange={setTab} keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="services" data-testid="tab-services">
              {t('catalogueAdmin.tabs.services', { count: catalogue.data.services.length })}
            </Tabs.Tab>
            <Tabs.Tab value="segments" data-testid="tab-segments">
              {t('catalogueAdmin.tabs.segments', { count: catalogue.data.segments.length })}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="services">
            {catalogue.data.services.length === 0 ? (
              <EmptyListState
                title={t('catalogueAdmin.service.empty')}
                description={t(manage ? 'catalogueAdmin.service.emptyText' : 'catalogueAdmin.emptyTextReadOnly')}
                {...(manage ? { action: { label: t('catalogueAdmin.service.new'), onClick: () => setDialog({ kind: 'service', service: null }) } } : {})}
              />
            ) : (
              <ServiceList
                services={catalogue.data.services}
                segments={catalogue.data.segments}
                manage={manage}
                onAction={(action, service) => {
                  const name = localizedName(service.name, lang);
                  if (action === 'edit') setDialog({ kind: 'service', service });
                  else if (action === 'history') setDialog({ kind: 'history', item: 'service', id: service.id });
                  else setDialog({ kind: 'confirm', confirmation: { kind: `services/${action}`, id: service.id, name } });
                }}
              />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="segments">
            {catalogue.data.segments.length === 0 ? (
              <EmptyListState
                title={t('catalogueAdmin.segment.empty')}
                description={t(manage ? 'catalogueAdmin.segment.emptyText' : 'catalogueAdmin.emptyTextReadOnly')}
                {...(manage ? { action: { label: t('catalogueAdmin.segment.new'), onClick: () => setDialog({ kind: 'segment', segment: null }) } } : {})}
              />
            ) : (
              <SegmentList
                segments={catalogue.data.segments}
                manage={manage}
                onAction={(action, segment) => {
                  if (action === 'edit') setDialog({ kind: 'segment', segment });
                  else if (action === 'history') setDialog({ kind: 'history', item: 'segment', id: segment.id });
                  else setDialog({ kind: 'confirm', confirmation: { kind: 'segments/retire', id: segment.id, name: localizedName(segment.name, lang) } });
                }}
              />
            )}
          </Tabs.Panel>
        </Tabs>
      )}
      {dialog?.kind === 'service' && catalogue.data ? <ServiceDialog service={dialog.service} segments={catalogue.data.segments} onClose={close} /> : null}
      {dialog?.kind === 'segment' ? <SegmentDialog segment={dialog.segment} onClose={close} /> : null}
      {dialog?.kind === 'confirm' ? <ConfirmCatalogueDialog confirmation={dialog.confirmation} onClose={close} /> : null}
      {dialog?.kind === 'import' ? <PriceImportDialog onClose={close} /> : null}
      {dialog?.kind === 'history' ? <CatalogueHistory kind={dialog.item} id={dialog.id} onClose={close} /> : null}
    </Page>
  );
}
