import { Button, Group, NumberInput, Paper, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconPlus, IconTrash } from '../../../../components/icons';
import { newEquipment, type OrderForm } from '../../model';
import { err, type SectionProps } from './section-props';

export function EquipmentSection({ form, update, errors }: SectionProps) {
  const { t } = useTranslation();
  const set = (index: number, patch: Partial<OrderForm['equipments'][number]>) =>
    update({ equipments: form.equipments.map((e, i) => (i === index ? { ...e, ...patch } : e)) });
  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t('ordering.equipment.hint')}
      </Text>
      {form.equipments.map((item, index) => (
        <Paper withBorder p="md" key={index} data-testid="equipment-row">
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TextInput
              label={t('ordering.equipment.producer')}
              required
              value={item.producer}
              onChange={(e) => set(index, { producer: e.currentTarget.value })}
              error={err(errors, `equipments.${index}.producer`)}
            />
            <TextInput
              label={t('ordering.equipment.machine')}
              required
              value={item.machine}
              onChange={(e) => set(index, { machine: e.currentTarget.value })}
              error={err(errors, `equipments.${index}.machine`)}
            />
            <TextInput
              label={t('ordering.equipment.machineType')}
              value={item.machineType}
              onChange={(e) => set(index, { machineType: e.currentTarget.value })}
            />
            <NumberInput
              label={t('ordering.equipment.amount')}
              min={1}
              max={999}
              allowDecimal={false}
              allowNegative={false}
              value={item.amount}
              onChange={(v) => set(index, { amount: Number(v) || 1 })}
            />
            <TextInput
              label={t('ordering.equipment.serials')}
              description={t('ordering.equipment.serialsHint')}
              value={item.machineNumbers}
              onChange={(e) => set(index, { machineNumbers: e.currentTarget.value })}
            />
          </SimpleGrid>
          <Group justify="flex-end" mt="xs">
            <Button
              variant="subtle"
              color="red"
              size="xs"
              leftSection={<IconTrash size={14} />}
              onClick={() => update({ equipments: form.equipments.filter((_, i) => i !== index) })}
            >
              {t('ordering.equipment.remove')}
            </Button>
          </Group>
        </Paper>
      ))}
      <Button
        variant="default"
        leftSection={<IconPlus size={16} />}
        onClick={() => update({ equipments: [...form.equipments, newEquipment()] })}
        w="fit-content"
        data-testid="add-equipment"
      >
        {t('ordering.equipment.add')}
      </Button>
    </Stack>
  );
}
