import { Anchor, Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import type { PartnerOfferPhase } from '@onsite/domain';
import { useTranslation } from 'react-i18next';
import { IconArchive, IconExternalLink, IconPencil } from '../../../components/icons';
import { ToneBadge } from '../../../components/ToneBadge';
import { useFormat } from '../../../lib/i18n/use-format';
import type { Tone } from '../../../theme';
import type { PartnerOfferView } from '../api/partner-offers';

const PHASE_TONE: Record<PartnerOfferPhase, Tone> = { SCHEDULED: 'request', CURRENT: 'done', EXPIRED: 'muted', RETIRED: 'negative' };

/**
 * One partner offer. Customers read what it is, who offers it, its products and until when it runs, and follow
 * the link to the partner; staff also see its phase, its countries and the first day, and edit or retire it.
 */
export function PartnerOfferCard({
  offer,
  onEdit,
  onRetire,
  staffView,
}: {
  offer: PartnerOfferView;
  onEdit?: () => void;
  onRetire?: () => void;
  staffView?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  // Staff see phase, countries and first day; only those who may change offers get edit and retire.
  const staff = staffView ?? Boolean(onEdit);
  const headingId = `partner-offer-title-${offer.offerId}`;
  return (
    <Card withBorder radius="md" padding="lg" component="article" aria-labelledby={headingId} data-testid="partner-offer">
      <Stack gap="sm" h="100%">
        <Group justify="space-between" gap="xs" wrap="wrap">
          <Badge variant="light" color="accent" style={{ textTransform: 'none' }}>
            {t(`partners.types.${offer.type}`)}
          </Badge>
          {staff ? (
            <ToneBadge tone={PHASE_TONE[offer.phase]} data-testid="partner-offer-phase">
              {t(`partners.phases.${offer.phase}`)}
            </ToneBadge>
          ) : null}
        </Group>
        <div>
          <Title order={2} size="h4" id={headingId}>
            {offer.title}
          </Title>
          <Text size="sm" c="dimmed">
            {offer.partnerName}
          </Text>
        </div>
        <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
          {offer.description}
        </Text>
        {offer.products.length > 0 ? (
          <Group gap={6} aria-label={t('partners.fields.products')}>
            {offer.products.map((product) => (
              <Badge key={product} variant="outline" color="gray.8" size="sm" style={{ textTransform: 'none' }}>
                {product}
              </Badge>
            ))}
          </Group>
        ) : null}
        <Stack gap={2} mt="auto">
          <Text size="sm" c="dimmed" data-testid="partner-offer-validity">
            {staff
              ? t('partners.validFromTo', { from: format.localDate(offer.validFrom), to: format.localDate(offer.validTo) })
              : t('partners.validUntil', { date: format.localDate(offer.validTo) })}
          </Text>
          {staff ? (
            <Text size="sm" c="dimmed">
              {t('partners.countriesList', { countries: offer.countries.map((c) => t(`countries.${c}`)).join(', ') })}
            </Text>
          ) : null}
        </Stack>
        <Group gap="sm" wrap="wrap">
          {offer.link ? (
            <Anchor href={offer.link} target="_blank" rel="noopener noreferrer" size="sm" fw={600}>
              <Group gap={4} component="span">
                {t('partners.visit', { partner: offer.partnerName })}
                <IconExternalLink size={14} aria-hidden />
              </Group>
            </Anchor>
          ) : null}
          {onEdit && offer.phase !== 'RETIRED' ? (
            <Button
              size="xs"
              variant="default"
              leftSection={<IconPencil size={14} />}
              onClick={onEdit}
              aria-label={t('partners.editNamed', { title: offer.title })}
            >
              {t('partners.edit')}
            </Button>
          ) : null}
          {onRetire && offer.phase !== 'RETIRED' ? (
            <Button
              size="xs"
              variant="subtle"
              color="red"
              leftSection={<IconArchive size={14} />}
              onClick={onRetire}
              aria-label={t('partners.retireNamed', { title: offer.title })}
            >
              {t('partners.retire')}
            </Button>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
