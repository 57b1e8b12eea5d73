import { Alert, Anchor, Badge, Group, SimpleGrid, Skeleton, Stack, Table, Text } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { IconAlertCircle, IconExternalLink, IconFileText, IconMapPin } from '../../../components/icons';
import { Section } from '../../../components/Section';
import { ServiceScheduleTable } from '../../../components/ServiceScheduleTable';
import { localized } from '../../../lib/localized';
import { useMapTiles } from '../../../lib/map-tiles';
import { useFormat } from '../../../lib/use-format';
import { useCatalogue } from '../../../lib/catalogue';
import type { Order } from '../api/get-order';
import { Fact } from './Fact';
import { openFile } from './open-file';

const LocationMap = lazy(() => import('../../../components/LocationMap'));

type Location = NonNullable<Order['location']>;

/** A country's name in the console's language (its code when the console does not know it). */
export function useCountryName() {
  const { t } = useTranslation();
  return (code: string | null | undefined) => (code ? t(`countries.${code}`, { defaultValue: code.toUpperCase() }) : '');
}

/** The address of a location, one line each (street, extra line, post code and city, state, country). */
export function AddressLines({ location }: { location: Location }) {
  const country = useCountryName();
  return (
    <>
      <div>{location.addressLine1}</div>
      {location.addressLine2 ? <div>{location.addressLine2}</div> : null}
      <div>{[location.postCode, location.city].filter(Boolean).join(' ')}</div>
      {location.state ? <div>{location.state}</div> : null}
      <div>{country(location.country)}</div>
    </>
  );
}

/**
 * Where the job takes place on the map, the pin labelled with the site's name and address (at zoom 16 over a tile
 * server's streets, 12 over the shipped basemap's place names: D148), with a link to the same place on the public map.
 * A location without coordinates gets the address instead, so nobody looks for a pin that is not there. The address
 * is also the text beside the map (its alternative for keyboard and screen reader).
 */
export function SiteMap({ location }: { location: Location }) {
  const { t } = useTranslation();
  const tiles = useMapTiles();
  const country = useCountryName();
  const address = [location.addressLine1, [location.postCode, location.city].filter(Boolean).join(' '), country(location.country)].filter(Boolean).join(', ');
  const geo = location.geo;
  if (!geo) {
    return (
      <Alert color="gray" variant="light" icon={<IconMapPin size={18} />} data-testid="no-geolocation">
        {t('orders.detail.map.noPosition', { address })}
      </Alert>
    );
  }
  return (
    <Stack gap="xs">
      <Suspense fallback={<Skeleton height={280} radius="md" />}>
        <LocationMap
          position={geo}
          fallbackCenter={geo}
          tileUrl={tiles.tileUrl}
          attribution={tiles.attribution}
          label={t('orders.detail.map.label', { address })}
          pinTitle={location.name}
          pinLabel={[location.name, address].filter(Boolean).join(' · ')}
          pinZoom={tiles.tileUrl ? 16 : 12}
        />
      </Suspense>
      <Anchor
        href={`https://www.openstreetmap.org/?mlat=${geo.lat}&mlon=${geo.lng}#map=16/${geo.lat}/${geo.lng}`}
        target="_blank"
        rel="noopener noreferrer"
        size="sm"
        w="fit-content"
        data-testid="open-map"
      >
        <Group gap={4} wrap="nowrap" component="span">
          {t('orders.detail.map.open')}
          <IconExternalLink size={14} aria-hidden />
        </Group>
      </Anchor>
    </Stack>
  );
}

export function CustomerLocationBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const country = useCountryName();
  const location = order.location;
  return (
    <Section title={t('orders.detail.customerLocation')} id="customer-location">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label={t('fields.customer')}>{[order.customer?.name, country(order.customer?.country)].filter(Boolean).join(', ')}</Fact>
        <Fact label={t('fields.locationName')}>{location?.name}</Fact>
        <Fact label={t('fields.address')}>{location ? <AddressLines location={location} /> : null}</Fact>
        <Fact label={t('fields.timeZone')}>{location?.timeZone}</Fact>
        {location?.remarks ? (
          <Fact label={t('fields.remarks')}>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {location.remarks}
            </Text>
          </Fact>
        ) : null}
      </SimpleGrid>
      {location ? <SiteMap location={location} /> : null}
    </Section>
  );
}

export function TimeframesBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const frames = order.timeframes ?? [];
  return (
    <Section title={t('orders.detail.timeframes')} id="timeframes">
      {frames.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.detail.noTimeframes')}
        </Text>
      ) : (
        <Stack gap="sm">
          {frames.map((frame, index) => (
            <Group key={`${frame.from}-${frame.to}`} gap="lg" wrap="wrap" align="flex-start">
              <Fact label={t(index === 0 ? 'orders.detail.preferred' : 'orders.detail.alternative')}>
                {t(`timeframeType.${frame.type ?? 'FIXED'}`, { defaultValue: frame.type ?? '' })}
              </Fact>
              <Fact label={t('fields.dateFrom')}>{format.localDateTime(frame.from)}</Fact>
              <Fact label={t('fields.dateTo')}>{format.localDateTime(frame.to)}</Fact>
            </Group>
          ))}
          {order.location?.timeZone ? (
            <Text size="xs" c="dimmed">
              {t('orders.detail.timeZoneNote', { timeZone: order.location.timeZone })}
            </Text>
          ) : null}
          <ScheduleTables order={order} />
          {order.shortNotice ? (
            // The rule of the ordering form, recorded when the customer submitted.
            <Alert color="orange" variant="light" icon={<IconAlertCircle />} data-testid="short-notice">
              <Text size="sm" fw={700}>
                {t('orders.detail.shortNotice.title')}
              </Text>
              <Text size="sm">{t('orders.detail.shortNotice.text', { count: order.shortNotice.hoursToStart })}</Text>
            </Alert>
          ) : null}
        </Stack>
      )}
    </Section>
  );
}

/** The service schedule of the preferred frame (D216), one read-only table per service; nothing when none was given. */
function ScheduleTables({ order }: { order: Order }) {
  const { t } = useTranslation();
  const nameOf = useServiceName();
  const schedules = order.timeframes[0]?.servicesSchedule ?? [];
  if (schedules.length === 0) return null;
  return (
    <Stack gap="sm" data-testid="order-schedule">
      <Text size="sm" fw={600}>
        {t('schedule.title')}
      </Text>
      {schedules.map((schedule) => {
        const service = order.services.find((s) => s.serviceId === schedule.serviceTypeId);
        return <ServiceScheduleTable key={schedule.serviceTypeId} schedule={schedule} title={service ? nameOf(service) : schedule.name} />;
      })}
    </Stack>
  );
}

/**
 * The ordered services' names in the console's language, as they were ordered (orders placed since D208 keep every
 * language); older orders kept English only and read the other languages from the catalogue.
 */
export function useServiceName() {
  const { i18n } = useTranslation();
  const catalogue = useCatalogue();
  return (service: Order['services'][number]) =>
    localized(service.names ?? catalogue.data?.services.find((c) => c.id === service.serviceId)?.name ?? service.name, i18n.language) || service.serviceId;
}

export function ServicesBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const nameOf = useServiceName();
  const services = order.services ?? [];
  const withMachines = services.some((service) => service.equipmentItems.length > 0);

  return (
    <Section title={t('orders.detail.services')} id="services">
      {services.length === 0 ? (
        <Text size="sm" c="dimmed">
          {t('orders.detail.noServices')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={480} type="native" tabIndex={0} role="region" aria-label={t('orders.detail.services')}>
          <Table aria-label={t('orders.detail.services')}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('fields.service')}</Table.Th>
                {withMachines ? <Table.Th scope="col">{t('orders.detail.equipment.forService')}</Table.Th> : null}
                <Table.Th scope="col" className="onsite-num">
                  {t('fields.price')}
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {services.map((service) => (
                <Table.Tr key={service.serviceId}>
                  <Table.Td>{nameOf(service)}</Table.Td>
                  {withMachines ? (
                    <Table.Td>
                      {service.equipmentItems
                        .map(
                          (item) =>
                            `${format.number(item.quantity)} × ${[item.manufacturer, item.machineModel, item.machineVariant].filter(Boolean).join(' ')}`,
                        )
                        .join(', ') || '—'}
                    </Table.Td>
                  ) : null}
                  <Table.Td className="onsite-num">
                    {service.price ? format.money(service.price.amount, service.price.currency) : t('orders.form.priceOnRequest')}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

/** The customer's machines the job is about. */
export function EquipmentBlock({ order }: { order: Order }) {
  const { t } = useTranslation();
  const format = useFormat();
  const equipments = order.equipments;
  return (
    <Section title={t('orders.detail.equipment.title')} id="equipment">
      {equipments.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-equipment">
          {t('orders.detail.equipment.none')}
        </Text>
      ) : (
        <Table.ScrollContainer minWidth={640} type="native" tabIndex={0} role="region" aria-label={t('orders.detail.equipment.title')}>
          <Table aria-label={t('orders.detail.equipment.title')} data-testid="equipment-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">{t('orders.detail.equipment.producer')}</Table.Th>
                <Table.Th scope="col">{t('orders.detail.equipment.machine')}</Table.Th>
                <Table.Th scope="col">{t('orders.detail.equipment.machineType')}</Table.Th>
                <Table.Th scope="col" className="onsite-num">
                  {t('orders.detail.equipment.amount')}
                </Table.Th>
                <Table.Th scope="col">{t('orders.detail.equipment.serials')}</Table.Th>
                <Table.Th scope="col">{t('orders.detail.equipment.comments')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {equipments.map((equipment, index) => (
                <Table.Tr key={`${equipment.producer}-${equipment.machine}-${index}`}>
                  <Table.Td>{equipment.producer}</Table.Td>
                  <Table.Td>{equipment.machine}</Table.Td>
                  <Table.Td>{equipment.machineType || '—'}</Table.Td>
                  <Table.Td className="onsite-num">{format.number(equipment.amount)}</Table.Td>
                  <Table.Td>{equipment.machineNumbers.join(', ') || '—'}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'pre-wrap' }}>{equipment.comments || '—'}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Section>
  );
}

type CouponCheckView = NonNullable<Order['couponCheck']>;

/** Valid is green, not valid yet orange, every other outcome red (D201). */
function couponCheckColor(status: CouponCheckView['status']): string {
  return status === 'valid' ? 'teal.9' : status === 'not_yet_valid' ? 'orange.9' : 'red.9';
}

/** Staff only: the coupon judged at the time of the quote request (D201). */
function CouponCheck({ check }: { check: CouponCheckView }) {
  const { t } = useTranslation();
  const format = useFormat();
  return (
    <Stack gap={2} align="flex-start" mt={4} data-testid="coupon-check" data-status={check.status}>
      <Badge color={couponCheckColor(check.status)} variant="filled">
        {t(`orders.detail.couponCheck.${check.status}`, {
          date: check.validTo ? format.localDate(check.validTo) : '',
          from: check.validFrom ? format.localDate(check.validFrom) : '',
        })}
      </Badge>
      {check.judgedAt ? (
        <Text size="xs" c="dimmed">
          {t('orders.detail.couponCheck.judgedAt', { date: format.dateTime(check.judgedAt) })}
        </Text>
      ) : null}
    </Stack>
  );
}

export function AdditionalInformationBlock({ order, withContactOnSite = true }: { order: Order; withContactOnSite?: boolean }) {
  const { t } = useTranslation();
  const format = useFormat();
  const info = order.additionalInformation;
  return (
    <Section title={t('orders.detail.additionalInformation')} id="additional-information">
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Fact label={t('fields.technicians')}>
          {typeof info?.expectedNumberOfTechnicians === 'number' ? format.number(info.expectedNumberOfTechnicians) : ''}
        </Fact>
        <Fact label={t('fields.remarks')}>
          {info?.remarks ? (
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {info.remarks}
            </Text>
          ) : null}
        </Fact>
        {info?.siteWalk ? (
          <Fact label={t('ordering.siteBrief.siteWalk')}>
            <span data-testid="order-site-walk">{info.siteWalk.date ? format.localDate(info.siteWalk.date) : t('orders.detail.yes')}</span>
          </Fact>
        ) : null}
        <Segments ids={info?.segments ?? []} />
        <SiteChoices label={t('ordering.siteBrief.certificatesLabel')} kind="certificates" keys={info?.certificates ?? []} />
        <SiteChoices label={t('ordering.siteBrief.allergensLabel')} kind="allergens" keys={info?.allergens ?? []} />
        {info && info.environments.length > 0 ? (
          <Fact label={t('ordering.siteBrief.environmentsLabel')} testId="order-site-environments">
            {info.environments
              .map((e) =>
                e.key === 'other' && e.value ? `${t('ordering.siteBrief.environments.other')}: ${e.value}` : t(`ordering.siteBrief.environments.${e.key}`),
              )
              .join(', ')}
          </Fact>
        ) : null}
        {order.couponCode ? (
          <Fact label={t('ordering.coupon.label')}>
            <Text size="sm" data-testid="order-coupon">
              {order.couponCode}
            </Text>
            {order.couponCheck ? <CouponCheck check={order.couponCheck} /> : null}
          </Fact>
        ) : null}
        {order.mobileSupport !== null ? (
          <Fact label={t('ordering.details.mobileSupport')}>
            <span data-testid="order-mobile-support">{t(order.mobileSupport ? 'orders.detail.yes' : 'orders.detail.answerNo')}</span>
          </Fact>
        ) : null}
      </SimpleGrid>
      <AttachedFiles files={info?.files ?? []} />
      {withContactOnSite ? <ContactOnSite order={order} /> : null}
    </Section>
  );
}

/** The industry segments chosen while ordering, named from the catalogue in the reader's language (a retired one by its id). */
function Segments({ ids }: { ids: readonly string[] }) {
  const { t, i18n } = useTranslation();
  const catalogue = useCatalogue();
  if (ids.length === 0) return null;
  const nameOf = (id: string) => localized(catalogue.data?.segments.find((s) => s.id === id)?.name, i18n.language) || id;
  return (
    <Fact label={t('ordering.segments.label')} testId="order-segments">
      {ids.map(nameOf).join(', ')}
    </Fact>
  );
}

/** The files attached while ordering, each opened (downloaded) through a signed link. */
function AttachedFiles({ files }: { files: Order['additionalInformation']['files'] }) {
  const { t } = useTranslation();
  if (files.length === 0) return null;
  return (
    <Stack gap={4} data-testid="order-attachments">
      <Text size="sm" fw={600} id="order-attachments-title">
        {t('ordering.attachments.title')}
      </Text>
      <Stack gap={2} component="ul" aria-labelledby="order-attachments-title" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {files.map((file) => (
          <Group key={file.path} component="li" gap={6} wrap="nowrap">
            <IconFileText size={16} aria-hidden="true" />
            <Anchor
              component="button"
              type="button"
              size="sm"
              ta="left"
              onClick={() => void openFile(file.path, t('orders.order.fileFailed'))}
              aria-label={t('orders.detail.openFile', { name: file.name })}
              data-testid="order-attachment"
            >
              {file.name}
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Stack>
  );
}

/** A site brief's choices, named in the reader's language; nothing when none was picked. */
function SiteChoices({ label, kind, keys }: { label: string; kind: 'certificates' | 'allergens'; keys: readonly string[] }) {
  const { t } = useTranslation();
  if (keys.length === 0) return null;
  return (
    <Fact label={label} testId={`order-site-${kind}`}>
      {keys.map((key) => t(`ordering.siteBrief.${kind}.${key}`)).join(', ')}
    </Fact>
  );
}

/** Whom the technicians ask for on site, as the customer wrote it while ordering (changed later on the order tab). */
function ContactOnSite({ order }: { order: Order }) {
  const { t } = useTranslation();
  const contact = order.localContact;
  return (
    <Stack gap={4} data-testid="contact-on-site">
      <Text size="sm" fw={600}>
        {t('orders.detail.contactOnSite')}
      </Text>
      {contact ? (
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Fact label={t('orders.order.localContact.name')}>{contact.name}</Fact>
          {contact.phone ? <Fact label={t('orders.order.localContact.phone')}>{contact.phone}</Fact> : null}
          {contact.email ? <Fact label={t('fields.email')}>{contact.email}</Fact> : null}
        </SimpleGrid>
      ) : (
        <Text size="sm" c="dimmed">
          {t('orders.detail.noContactOnSite')}
        </Text>
      )}
    </Stack>
  );
}

/**
 * What the customer asked for, as the quote-request and order tabs both show it (D40): customer and location
 * with the map, the time, the additional information (with the contact on site, unless the tab shows it to edit), the
 * services and the equipment.
 */
export function OrderContentBlocks({ order, withContactOnSite = true }: { order: Order; withContactOnSite?: boolean }) {
  return (
    <>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <CustomerLocationBlock order={order} />
        <Stack gap="lg">
          <TimeframesBlock order={order} />
          <AdditionalInformationBlock order={order} withContactOnSite={withContactOnSite} />
        </Stack>
      </SimpleGrid>
      <ServicesBlock order={order} />
      <EquipmentBlock order={order} />
    </>
  );
}
