import { Anchor, Badge, Button, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { acceptOfferBlocker, effectivePrincipal, mayIssue, type Actor } from '@onsite/domain';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { IconCheck, IconCopy, IconFileText } from '../../../components/icons';
import { Section } from '../../../components/Section';
import { ACCESS, can } from '../../../lib/session/access';
import { useLanguage } from '../../../lib/i18n/use-language';
import { notify } from '../../../lib/notify';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import { useFormat } from '../../../lib/i18n/use-format';
import type { Offer, Order } from '../api/get-order';
import { fetchFileLink } from '../api/offer-actions';
import { EventTexts, hasEventTexts } from './EventTexts';
import { countdownText, offerCountdown } from './offer-time';
import { useMinuteClock } from './use-minute-clock';

/** The offer's validity, counting down each minute; urgent (red) in its last 24 hours. */
export function OfferCountdownBadge({ expiresAt }: { expiresAt: string }) {
  const { t } = useTranslation();
  const now = useMinuteClock();
  const countdown = offerCountdown(expiresAt, now);
  const { key, values } = countdownText(countdown);
  return (
    <Badge color={countdown.urgent ? 'red' : 'violet'} variant="light" size="lg" data-testid="offer-countdown" data-urgent={countdown.urgent || undefined}>
      {t(key, values)}
    </Badge>
  );
}

function FileButton({ name, path }: { name: string; path: string }) {
  const { t } = useTranslation();
  const [opening, setOpening] = useState(false);
  const open = async () => {
    setOpening(true);
    try {
      const link = await fetchFileLink(path);
      window.open(link, '_blank', 'noopener');
    } catch {
      notify('error', t('orders.offer.fileError'));
    } finally {
      setOpening(false);
    }
  };
  return (
    <Button variant="default" size="sm" leftSection={<IconFileText size={16} />} loading={opening} onClick={() => void open()}>
      {name}
    </Button>
  );
}

export interface OfferActions {
  onAccept: () => void;
  onReject: () => void;
  onRequestMoreTime: () => void;
  onExtend: () => void;
}

/** The offer the order has (open or the latest), its documents, and the customer's decision buttons. */
export function OfferPanel({
  order,
  offer,
  actor,
  profileCompleted,
  actions,
  historical = false,
}: {
  order: Order;
  offer: Offer;
  actor: Actor | null;
  profileCompleted: boolean;
  actions: OfferActions;
  historical?: boolean;
}) {
  const { t } = useTranslation();
  const format = useFormat();
  const open = offer.outcome === 'open' && order.status === 'OFFERED' && order.openOfferId === offer.offerId;
  // The customer's reasons and comment when they rejected this offer (kept on the event that rejected it).
  const rejection =
    offer.outcome === 'rejected' ? [...(order.events ?? [])].reverse().find((event) => event.event === 'REJECT' && event.offerId === offer.offerId) : undefined;
  const customer = actor !== null && actor.type !== 'BL';
  const blocker = actor ? acceptOfferBlocker(actor, profileCompleted) : 'role_restriction';
  const mayReject = actor !== null && mayIssue('RejectOffer', actor, order.status);
  const mayAskForTime = open && actor !== null && mayIssue('RequestOfferExtension', actor, order.status);
  const mayExtend = open && actor !== null && mayIssue('ExtendOffer', actor, order.status);
  const lang = useLanguage();
  const companyUid = useProfile()?.company?.uid;
  // The way to what blocks the acceptance, for those who may fix it (company administrators).
  const profileLink =
    blocker === 'company_profile_incomplete' && actor !== null && can(ACCESS.companyInformation, effectivePrincipal(actor))
      ? paths.companyInformation(lang, companyUid)
      : null;
  return (
    <Section title={t('orders.offer.title')} id="offer">
      <Stack gap="md">
        <Group gap="sm" wrap="wrap">
          <Badge variant="outline" size="lg" data-testid="offer-outcome">
            {t(`orders.offer.outcome.${offer.outcome}`)}
          </Badge>
          {/* A countdown counts from now: meaningless in a view of the past. */}
          {open && !historical ? <OfferCountdownBadge expiresAt={offer.expiresAt} /> : null}
          <CopyButton value={offer.offerId} timeout={2000}>
            {({ copied, copy }) => (
              <Button
                variant="subtle"
                size="compact-sm"
                color="gray.8"
                leftSection={copied ? <IconCheck size={14} /> : <IconCopy size={14} />}
                onClick={copy}
                data-testid="copy-offer-id"
                aria-label={t('orders.offer.copyIdLabel', { id: offer.offerId })}
              >
                {copied ? t('orders.offer.idCopied') : t('orders.offer.copyId')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="xl" wrap="wrap">
          {offer.price ? (
            <Stack gap={2}>
              <Text size="xs" c="dimmed" fw={500}>
                {t('orders.offer.price')}
              </Text>
              <Text size="lg" fw={700} data-testid="offer-price">
                {format.money(offer.price.amount, offer.price.currency)}
              </Text>
              <Text size="xs" c="dimmed">
                {t('orders.offer.priceNet')}
              </Text>
            </Stack>
          ) : null}
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={500}>
              {t('orders.offer.offeredAt')}
            </Text>
            <Text size="sm">{format.dateTime(offer.offeredAt)}</Text>
          </Stack>
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={500}>
              {t('orders.offer.validUntil')}
            </Text>
            <Text size="sm">{format.dateTime(offer.expiresAt)}</Text>
            {offer.originalExpiresAt ? (
              <Text size="xs" c="dimmed" data-testid="offer-extended">
                {t('orders.offer.extend.was', { date: format.dateTime(offer.originalExpiresAt) })}
              </Text>
            ) : null}
          </Stack>
        </Group>
        {open && offer.extensionRequestedAt ? (
          <Text size="sm" c="violet.8" data-testid="more-time-requested">
            {t('orders.offer.moreTime.requested', { date: format.dateTime(offer.extensionRequestedAt) })}
          </Text>
        ) : null}
        {offer.externalComment || offer.comment ? (
          <Stack gap={2}>
            <Text size="xs" c="dimmed" fw={500}>
              {t('orders.offer.comment')}
            </Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {offer.externalComment ?? offer.comment}
            </Text>
          </Stack>
        ) : null}
        {rejection && hasEventTexts(rejection) ? (
          <Stack gap={2} data-testid="offer-rejection">
            <Text size="xs" c="dimmed" fw={500}>
              {t('orders.decision.REJECT')}
            </Text>
            <EventTexts event={rejection} staff={actor !== null && actor.type === 'BL' && !actor.onBehalfOf} />
          </Stack>
        ) : null}
        <Stack gap={4}>
          <Text size="xs" c="dimmed" fw={500}>
            {t('orders.offer.documents')}
          </Text>
          <Group gap="sm" wrap="wrap">
            <FileButton name={offer.pdf.name} path={offer.pdf.path} />
            {offer.attachments.map((file) => (
              <FileButton key={file.path} name={file.name} path={file.path} />
            ))}
          </Group>
        </Stack>
        {mayExtend ? (
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={actions.onExtend} data-testid="extend-offer">
              {t('orders.offer.extend.action')}
            </Button>
          </Group>
        ) : null}
        {open && customer ? (
          <Group justify="flex-end" gap="sm">
            {mayAskForTime ? (
              <Button variant="subtle" onClick={actions.onRequestMoreTime} data-testid="request-more-time">
                {t('orders.offer.moreTime.action')}
              </Button>
            ) : null}
            {mayReject ? (
              <Button variant="default" onClick={actions.onReject} data-testid="reject">
                {t('orders.reject.action.OFFERED')}
              </Button>
            ) : null}
            {blocker ? (
              <Tooltip label={t(`orders.offer.blocker.${blocker}`)} multiline w={280} events={{ hover: true, focus: true, touch: true }}>
                <Button data-disabled aria-disabled="true" onClick={(event) => event.preventDefault()} data-testid="accept-offer">
                  {t('orders.offer.accept')}
                </Button>
              </Tooltip>
            ) : (
              <Button onClick={actions.onAccept} data-testid="accept-offer">
                {t('orders.offer.accept')}
              </Button>
            )}
          </Group>
        ) : null}
        {open && customer && profileLink ? (
          <Text size="sm" ta="right" data-testid="complete-profile">
            <Anchor component={Link} to={profileLink}>
              {t('orders.offer.completeProfile')}
            </Anchor>
          </Text>
        ) : null}
      </Stack>
    </Section>
  );
}
