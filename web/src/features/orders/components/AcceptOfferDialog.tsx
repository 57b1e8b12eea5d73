import { Alert, Anchor, Button, Checkbox, Group, Radio, SimpleGrid, Skeleton, Stack, Switch, Text, TextInput } from '@mantine/core';
import { billingAddressField, effectivePrincipal, type BillingAddressSnapshot } from '@onsite/domain';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { CountrySelect, FileUpload } from '../../../components/widgets';
import { useNavigate } from 'react-router';
import { ACCESS, can } from '../../../lib/session/access';
import { actorOf } from '../../../lib/session/actor';
import { isLanguage, DEFAULT_LANGUAGE } from '../../../lib/i18n/languages';
import { paths } from '../../../lib/paths';
import { useProfile } from '../../../lib/session/session';
import type { Offer, Order } from '../api/get-order';
import { useAcceptOffer, useSaveBillingAddress, type CustomerCompany } from '../api/offer-actions';
import { CommandErrorAlert } from './CommandErrorAlert';
import { OrderDialog } from './OrderDialog';
import { toUploads } from '../../../lib/api/uploads';
import { DialogActions } from '../../../components/FixedDialog';

type AddressForm = Record<
  'firstName' | 'lastName' | 'email' | 'department' | 'addressLine1' | 'addressCity' | 'addressPostCode' | 'addressState' | 'addressCountry' | 'taxNumber',
  string
>;
const ADDRESS_FIELDS = ['firstName', 'lastName', 'email', 'department', 'addressLine1', 'addressPostCode', 'addressCity', 'addressState', 'taxNumber'] as const;
const NEW = 'new';

/** The stored address as the order keeps it: a copy with the company's address id. */
function snapshotOf(address: CustomerCompany['billingAddresses'][number]): BillingAddressSnapshot {
  const { _id, ...rest } = address as Record<string, unknown> & { _id: string };
  return { ...(rest as Omit<BillingAddressSnapshot, 'id'>), id: _id };
}

function addressLabel(address: CustomerCompany['billingAddresses'][number]): string {
  const a = address as Record<string, string | undefined>;
  return [`${a.firstName ?? ''} ${a.lastName ?? ''}`.trim(), a.department, a.addressLine1, [a.addressPostCode, a.addressCity].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');
}

/**
 * Accepting an offer (docs/product.md): PO number ('-' when there is none), an optional PO document, the billing
 * address (one of the company's, or a new one checked by the domain's billing-address rules), and the terms.
 * Closes only by its buttons; a stale version shows the conflict with a reload button.
 */
export function AcceptOfferDialog({
  order: current,
  offer,
  company,
  companyLoading,
  lang,
  onClose,
  onReload,
}: {
  order: Order;
  offer: Offer;
  company: CustomerCompany | undefined;
  companyLoading: boolean;
  lang: string;
  onClose: () => void;
  onReload: () => void;
}) {
  // The order as it was when the dialog opened: live updates may refresh the page behind it, but the decision is
  // about what the user saw, so a change meanwhile is a conflict to reload, never a silent overwrite.
  const [order] = useState(current);
  const { t } = useTranslation();
  const accept = useAcceptOffer();
  const stored = company?.billingAddresses ?? [];
  // The company may still be loading when the dialog opens: its first stored address and its country are defaults
  // derived on each render, so they apply as soon as they arrive, and what the user picked or typed always wins.
  const [picked, setChoice] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);
  const choice = picked ?? stored[0]?._id ?? NEW;
  const [poNumber, setPoNumber] = useState('');
  const [poFiles, setPoFiles] = useState<File[]>([]);
  const [terms, setTerms] = useState(false);
  const [address, setAddress] = useState<AddressForm>({
    firstName: '',
    lastName: '',
    email: '',
    department: '',
    addressLine1: '',
    addressCity: '',
    addressPostCode: '',
    addressState: '',
    addressCountry: '',
    taxNumber: '',
  });
  const addressCountry = address.addressCountry || company?.country || '';
  const [errors, setErrors] = useState<Partial<Record<keyof AddressForm | 'terms', string>>>({});
  const navigate = useNavigate();
  const actor = actorOf(useProfile());
  // OEM customers (or staff acting for one) complete the accepted order with dates and details.
  const completesOrder = actor !== null && effectivePrincipal(actor).type === 'OEM';
  const [accepted, setAccepted] = useState(false);
  // A new address is added to the company's list when the customer asks (ticked by default) and may change the
  // company (its admin, or staff acting for it); otherwise it is used on this order only.
  const saveAddress = useSaveBillingAddress();
  const mayKeepAddress =
    actor !== null && company !== undefined && (actor.onBehalfOf !== undefined || can(ACCESS.companyInformation, effectivePrincipal(actor)));
  const [keepAddress, setKeepAddress] = useState(true);
  const language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;

  // Editing a field clears its error: the message speaks of the value the user saw.
  const set = (field: keyof AddressForm) => (value: string) => {
    setAddress((current) => ({ ...current, [field]: value }));
    setChoice((current) => current ?? NEW);
    setErrors(({ [field]: _cleared, ...rest }) => rest);
  };

  const submit = async () => {
    accept.reset();
    const found: typeof errors = {};
    if (!terms) found.terms = t('validation.mustAccept');
    let billingAddress: BillingAddressSnapshot | null = null;
    if (choice === NEW) {
      const parsed = billingAddressField.safeParse({ ...address, addressCountry });
      if (parsed.success) billingAddress = { ...parsed.data, id: `order-${order.refId}` };
      else {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0]) as keyof AddressForm;
          found[field] ??= issue.code === 'invalid_format' && field === 'email' ? t('validation.email') : t('validation.required');
        }
      }
    } else {
      const chosen = stored.find((a) => a._id === choice);
      billingAddress = chosen ? snapshotOf(chosen) : null;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !billingAddress) return;
    setUploading(true);
    // A refused upload has been reported; the dialog stays open.
    const uploaded = await toUploads(poFiles.slice(0, 1))
      .catch(() => null)
      .finally(() => setUploading(false));
    if (!uploaded) return;
    const [poDocument] = uploaded;
    const typed = choice === NEW ? billingAddress : null;
    accept.mutate(
      { order, offerId: offer.offerId, poNumber, poDocument, billingAddress },
      {
        onSuccess: () => {
          setAccepted(true);
          if (typed && keepAddress && mayKeepAddress && company) saveAddress.mutate({ companyId: company._id, billingAddress: typed });
        },
      },
    );
  };
  // Accept is offered once the decision is complete: the terms ticked and a billing address chosen or filled in.
  const ready =
    terms && !companyLoading && (choice === NEW ? billingAddressField.safeParse({ ...address, addressCountry }).success : stored.some((a) => a._id === choice));

  return (
    <OrderDialog title={t('orders.offer.acceptDialog.title')} size="lg" onClose={onClose}>
      {accepted ? (
        <Stack gap="md" data-testid="accept-confirmed">
          <Alert color="teal" variant="light" title={t('orders.offer.acceptDialog.doneTitle')}>
            {t(completesOrder ? 'orders.offer.acceptDialog.doneOem' : 'orders.offer.acceptDialog.done', { refId: order.refId })}
          </Alert>
          {saveAddress.isSuccess ? (
            <Text size="sm" data-testid="address-kept">
              {t('orders.offer.acceptDialog.addressKept')}
            </Text>
          ) : saveAddress.isError ? (
            <Text size="sm" c="red.8" data-testid="address-not-kept">
              {t('orders.offer.acceptDialog.addressNotKept')}
            </Text>
          ) : null}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} data-testid="accept-close">
              {t('actions.close')}
            </Button>
            {completesOrder ? (
              <Button onClick={() => navigate(paths.serviceOrder(language, { draft: order.refId, step: 'time-frames' }))} data-testid="accept-continue">
                {t('orders.offer.acceptDialog.continueOrder')}
              </Button>
            ) : (
              <Button variant="light" onClick={() => navigate(paths.servicePortfolio(language))} data-testid="accept-services">
                {t('orders.offer.acceptDialog.toServices')}
              </Button>
            )}
          </Group>
        </Stack>
      ) : (
        <Stack gap="md">
          <CommandErrorAlert error={accept.error} onReload={onReload} />
          <TextInput
            label={t('orders.offer.acceptDialog.poNumber')}
            description={t('orders.offer.acceptDialog.poNumberHint')}
            value={poNumber}
            onChange={(event) => setPoNumber(event.currentTarget.value)}
            maxLength={100}
          />
          <FileUpload label={t('orders.offer.acceptDialog.poDocument')} files={poFiles} onChange={setPoFiles} maxCount={1} multiple={false} />
          {companyLoading ? (
            // The company's stored addresses are on their way: a placeholder, not a form that changes under the user's hands.
            <Stack gap="xs" role="status" aria-busy="true" aria-label={t('orders.offer.acceptDialog.loadingAddresses')} data-testid="billing-loading">
              <Skeleton height={14} width="40%" />
              <Skeleton height={24} />
              <Skeleton height={24} />
            </Stack>
          ) : (
            <>
              <Radio.Group label={t('orders.offer.acceptDialog.billingAddress')} value={choice} onChange={setChoice} withAsterisk>
                <Stack gap="xs" mt="xs">
                  {stored.map((a) => (
                    <Radio key={a._id} value={a._id} label={addressLabel(a)} />
                  ))}
                  <Radio value={NEW} label={t('orders.offer.acceptDialog.newAddress')} />
                </Stack>
              </Radio.Group>
              {choice === NEW ? (
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
                  {ADDRESS_FIELDS.map((field) => (
                    <TextInput
                      key={field}
                      label={
                        field === 'taxNumber' && addressCountry === 'in'
                          ? t('orders.offer.acceptDialog.gstNumber')
                          : t(`orders.offer.acceptDialog.fields.${field}`)
                      }
                      value={address[field]}
                      onChange={(event) => set(field)(event.currentTarget.value)}
                      error={errors[field]}
                      withAsterisk={field !== 'addressState' || addressCountry !== 'uk'}
                    />
                  ))}
                  <CountrySelect
                    label={t('fields.country')}
                    value={addressCountry || null}
                    onChange={(value) => set('addressCountry')(value ?? '')}
                    required
                    error={errors.addressCountry}
                  />
                </SimpleGrid>
              ) : null}
              {choice === NEW && mayKeepAddress ? (
                <Switch
                  checked={keepAddress}
                  onChange={(event) => setKeepAddress(event.currentTarget.checked)}
                  label={t('orders.offer.acceptDialog.keepAddress')}
                  data-testid="keep-address"
                />
              ) : null}
            </>
          )}
          <Checkbox
            checked={terms}
            onChange={(event) => {
              const checked = event.currentTarget.checked;
              setTerms(checked);
              setErrors(({ terms: _cleared, ...rest }) => rest);
            }}
            error={errors.terms}
            label={
              <Trans
                i18nKey="orders.offer.acceptDialog.terms"
                components={{ terms: <Anchor href={`/api/legal/TERMS_OF_USE/${lang}.pdf`} target="_blank" rel="noopener" /> }}
              />
            }
          />
          {ready ? null : (
            <Text size="sm" c="dimmed" data-testid="accept-not-ready">
              {t('orders.offer.acceptDialog.notReady')}
            </Text>
          )}
          <DialogActions onCancel={onClose} busy={accept.isPending || uploading}>
            <Button onClick={() => void submit()} loading={accept.isPending || uploading} disabled={!ready} data-testid="confirm-accept">
              {t('orders.offer.acceptDialog.confirm')}
            </Button>
          </DialogActions>
        </Stack>
      )}
    </OrderDialog>
  );
}
