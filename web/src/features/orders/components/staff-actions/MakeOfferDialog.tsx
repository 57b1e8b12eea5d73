import { Button, NumberInput, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { CURRENCIES, type Currency } from '@onsite/domain';
import { MAX_ATTACHMENTS } from '@onsite/contracts';
import { DateTime } from 'luxon';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DatePicker, FileUpload, TimePicker } from '../../../../components/widgets';
import { currencyForCountry } from '../../../../lib/i18n/countries';
import { notify } from '../../../../lib/notify';
import type { Order } from '../../api/get-order';
import { useMakeOffer } from '../../api/staff-order-actions';
import { CommandErrorAlert } from '../CommandErrorAlert';
import { toUploads } from '../../../../lib/api/uploads';
import { DialogActions, FixedDialog } from '../../../../components/FixedDialog';

/** Offers are valid two weeks unless staff choose otherwise. */
const DEFAULT_VALIDITY_DAYS = 14;

/**
 * Staff offer the quote: the price (net, in the currency of the location's country unless chosen otherwise; every
 * currency here has two decimals), the offer PDF with the details, optional attachments, the expiry (in the staff
 * member's time zone, stored as an instant) and comments for the customer and for staff. A new offer replaces an
 * open one.
 */
export function MakeOfferDialog({ order: current, onClose, onReload }: { order: Order; onClose: () => void; onReload: () => void }) {
  const { t } = useTranslation();
  const [order] = useState(current);
  const make = useMakeOffer();
  const suggested = DateTime.now().plus({ days: DEFAULT_VALIDITY_DAYS });
  const [pdf, setPdf] = useState<File[]>([]);
  const [uploading, setUploading] = useState(false);
  const [attachments, setAttachments] = useState<File[]>([]);
  const [date, setDate] = useState<string | null>(suggested.toISODate());
  const [time, setTime] = useState<string | null>('17:00');
  const [amount, setAmount] = useState<number | string>('');
  const [currency, setCurrency] = useState<Currency>(currencyForCountry(order.location?.country ?? '') ?? 'EUR');
  const [externalComment, setExternalComment] = useState('');
  const [internalComment, setInternalComment] = useState('');
  const [problems, setProblems] = useState<{ pdf?: string; expiry?: string; price?: string }>({});
  const replaces = order.status === 'OFFERED';

  const submit = async () => {
    const found: typeof problems = {};
    const file = pdf[0];
    if (!file) found.pdf = t('staffOrder.offer.pdfRequired');
    else if (!/\.pdf$/i.test(file.name)) found.pdf = t('staffOrder.offer.pdfOnly');
    const at = date && time ? DateTime.fromISO(`${date}T${time}`) : null;
    if (!at?.isValid || at.toMillis() <= Date.now()) found.expiry = t('staffOrder.offer.expiryFuture');
    const price = typeof amount === 'number' && amount > 0 ? Math.round(amount * 100) : null;
    if (price === null) found.price = t('staffOrder.offer.priceRequired');
    setProblems(found);
    if (Object.keys(found).length || !file || !at || price === null) return;
    setUploading(true);
    // A refused upload has been reported; the dialog stays open.
    const uploaded = await toUploads([file, ...attachments])
      .catch(() => null)
      .finally(() => setUploading(false));
    if (!uploaded) return;
    const [pdfUpload, ...attachmentUploads] = uploaded;
    const input = {
      order,
      pdf: pdfUpload!,
      attachments: attachmentUploads,
      expiresAt: at.toUTC().toISO()!,
      price: { amount: price, currency },
      externalComment,
      internalComment,
    };
    make.mutate(input, {
      onSuccess: () => {
        notify('success', t('staffOrder.offer.sent'));
        onClose();
      },
    });
  };

  return (
    <FixedDialog opened onClose={onClose} title={t(replaces ? 'staffOrder.offer.replaceTitle' : 'staffOrder.offer.title')} size="lg">
      <Stack gap="md">
        <CommandErrorAlert error={make.error} onReload={onReload} />
        {replaces ? <Text size="sm">{t('staffOrder.offer.replaces')}</Text> : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <NumberInput
            label={t('staffOrder.offer.price')}
            description={t('staffOrder.offer.priceHint')}
            value={amount}
            onChange={(value) => {
              setAmount(value);
              setProblems((p) => ({ ...p, price: undefined }));
            }}
            min={0}
            decimalScale={2}
            thousandSeparator=" "
            required
            error={problems.price}
            data-autofocus
          />
          <Select
            label={t('staffOrder.offer.currency')}
            data={[...CURRENCIES]}
            value={currency}
            onChange={(value) => value && setCurrency(value as Currency)}
            allowDeselect={false}
            required
          />
        </SimpleGrid>
        <FileUpload
          label={t('staffOrder.offer.pdf')}
          files={pdf}
          onChange={(files) => {
            setPdf(files);
            // The complaint goes as soon as there is something to judge again.
            setProblems((p) => ({ ...p, pdf: undefined }));
          }}
          maxCount={1}
          multiple={false}
        />
        {problems.pdf ? (
          <Text size="sm" c="red.8" role="alert">
            {problems.pdf}
          </Text>
        ) : null}
        <FileUpload label={t('staffOrder.offer.attachments')} files={attachments} onChange={setAttachments} maxCount={MAX_ATTACHMENTS} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DatePicker label={t('staffOrder.offer.validUntil')} value={date} onChange={setDate} error={problems.expiry} />
          <TimePicker label={t('staffOrder.offer.time')} value={time} onChange={setTime} minuteInterval={30} />
        </SimpleGrid>
        <Textarea
          label={t('staffOrder.offer.externalComment')}
          description={t('staffOrder.offer.externalHint')}
          value={externalComment}
          onChange={(e) => setExternalComment(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <Textarea
          label={t('staffOrder.offer.internalComment')}
          description={t('staffOrder.offer.internalHint')}
          value={internalComment}
          onChange={(e) => setInternalComment(e.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
        />
        <DialogActions onCancel={onClose} busy={make.isPending || uploading}>
          <Button onClick={() => void submit()} loading={make.isPending || uploading} data-testid="confirm-offer">
            {t('staffOrder.offer.send')}
          </Button>
        </DialogActions>
      </Stack>
    </FixedDialog>
  );
}
