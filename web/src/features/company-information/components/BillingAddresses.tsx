import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { IconPlus } from '../../../components/icons';
import { Section } from '../../../components/Section';
import { EmptyListState } from '../../../components/StatusState';
import { notify } from '../../../lib/notify';
import { useDeleteBillingAddress, type BillingAddressView, type CompanyView } from '../api/company';
import { BillingAddressDialog } from './BillingAddressDialog';
import { FixedDialog } from '../../../components/FixedDialog';

/** The company's billing addresses with add, edit and delete (at least one is needed to order). */
export function BillingAddresses({ company, readOnly = false }: { company: CompanyView; readOnly?: boolean }) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<BillingAddressView | 'new' | null>(null);
  const [deleting, setDeleting] = useState<BillingAddressView | null>(null);
  const remove = useDeleteBillingAddress();
  const taxLabel = t(company.country === 'in' ? 'companyInfo.fields.gstNumber' : 'companyInfo.fields.taxNumber');
  return (
    <Section title={t('companyInfo.billing.title')}>
      <Stack gap="md">
        {company.billingAddresses.length === 0 ? (
          <EmptyListState title={t('companyInfo.billing.empty.title')} description={t('companyInfo.billing.empty.text')} />
        ) : (
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            {company.billingAddresses.map((a) => (
              <Card key={a._id} withBorder padding="md" data-testid="billing-address">
                <Stack gap={2}>
                  <Text fw={600} size="sm">
                    {a.firstName} {a.lastName} · {a.department}
                  </Text>
                  <Text size="sm">{a.addressLine1}</Text>
                  {a.addressLine2 ? <Text size="sm">{a.addressLine2}</Text> : null}
                  <Text size="sm">
                    {a.addressPostCode} {a.addressCity}
                    {a.addressState ? `, ${a.addressState}` : ''} · {t(`countries.${a.addressCountry}`, { defaultValue: a.addressCountry })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {a.email}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {taxLabel}: {a.taxNumber}
                  </Text>
                </Stack>
                {readOnly ? null : (
                  <Group gap="xs" mt="sm" justify="flex-end">
                    <Button size="xs" variant="default" onClick={() => setEditing(a)}>
                      {t('staffCommon.edit')}
                    </Button>
                    <Button size="xs" variant="subtle" color="red" c="red.9" onClick={() => setDeleting(a)}>
                      {t('staffCommon.delete')}
                    </Button>
                  </Group>
                )}
              </Card>
            ))}
          </SimpleGrid>
        )}
        {readOnly ? null : (
          <Group justify="flex-end">
            <Button variant="light" leftSection={<IconPlus size={16} />} onClick={() => setEditing('new')} data-testid="add-billing-address">
              {t('companyInfo.billing.add')}
            </Button>
          </Group>
        )}
      </Stack>
      {editing ? <BillingAddressDialog company={company} address={editing === 'new' ? null : editing} onClose={() => setEditing(null)} /> : null}
      <FixedDialog opened={deleting !== null} onClose={() => setDeleting(null)} title={t('companyInfo.billing.deleteTitle')} centered>
        <Stack gap="md">
          <Text size="sm">{t('companyInfo.billing.deleteText')}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setDeleting(null)}>
              {t('staffCommon.cancel')}
            </Button>
            <Button
              color="red.9"
              loading={remove.isPending}
              onClick={() =>
                deleting &&
                remove.mutate(
                  { companyId: company._id, billingAddressId: deleting._id },
                  {
                    onSuccess: () => {
                      notify('success', t('companyInfo.billing.deleted'));
                      setDeleting(null);
                    },
                    onError: () => notify('error', t('companyInfo.billing.deleteFailed')),
                  },
                )
              }
            >
              {t('staffCommon.delete')}
            </Button>
          </Group>
        </Stack>
      </FixedDialog>
    </Section>
  );
}
