import { ActionIcon, Button, Group, NumberInput, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../components/icons';
import type { ServiceFormState } from './use-service-form';

/** The equipment the service usually comes with: manufacturer, machine model and quantity, one row each. */
export function ServiceEquipmentFields({ form, errors, set, setEquipment }: Pick<ServiceFormState, 'form' | 'errors' | 'set' | 'setEquipment'>) {
  const { t } = useTranslation();
  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {t('catalogueAdmin.fields.equipment')}
      </Text>
      {form.equipmentItems.map((item, index) => (
        <Group key={index} gap="xs" align="flex-start" wrap="nowrap">
          <TextInput
            aria-label={t('catalogueAdmin.fields.manufacturer')}
            placeholder={t('catalogueAdmin.fields.manufacturer')}
            value={item.manufacturer}
            onChange={(e) => setEquipment(index, { manufacturer: e.currentTarget.value })}
            style={{ flex: 1 }}
          />
          <TextInput
            aria-label={t('catalogueAdmin.fields.machineModel')}
            placeholder={t('catalogueAdmin.fields.machineModel')}
            value={item.machineModel}
            onChange={(e) => setEquipment(index, { machineModel: e.currentTarget.value })}
            error={errors[`equipmentItems.${index}.machineModel`]}
            style={{ flex: 1 }}
          />
          <NumberInput
            aria-label={t('catalogueAdmin.fields.quantity')}
            value={item.quantity}
            onChange={(value) => setEquipment(index, { quantity: value })}
            min={1}
            allowDecimal={false}
            error={errors[`equipmentItems.${index}.quantity`]}
            w={80}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={t('catalogueAdmin.removeEquipment')}
            onClick={() =>
              set(
                'equipmentItems',
                form.equipmentItems.filter((_, i) => i !== index),
              )
            }
          >
            <IconTrash size={16} />
          </ActionIcon>
        </Group>
      ))}
      <Group>
        <Button
          variant="light"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          onClick={() => set('equipmentItems', [...form.equipmentItems, { manufacturer: '', machineModel: '', quantity: 1 }])}
        >
          {t('catalogueAdmin.addEquipment')}
        </Button>
      </Group>
    </Stack>
  );
}
