import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import type { Column, Table as TableModel } from '@tanstack/react-table';
import { useTranslation } from 'react-i18next';
import { IconColumns } from './icons';

/** A column's name where no header text is at hand: its meta label, its header text, its id. */
export function columnLabel<T>(column: Column<T, unknown>): string {
  const { header, meta } = column.columnDef;
  return meta?.label ?? (typeof header === 'string' ? header : column.id);
}

/** The columns a person may turn on and off (D196): hideable and not essential. */
export function choosableColumns<T>(table: TableModel<T>): Column<T, unknown>[] {
  return table.getAllLeafColumns().filter((column) => column.getCanHide() && column.columnDef.meta?.priority !== 'essential');
}

/**
 * The column chooser (D196): a button opening a list of checkboxes, one per column that may be hidden; 'optional'
 * columns start hidden. Tab moves through the boxes, Space turns one on or off, Escape closes.
 */
export function ColumnChooser<T>({ table }: { table: TableModel<T> }) {
  const { t } = useTranslation();
  const columns = choosableColumns(table);
  if (columns.length === 0) return null;
  const shown = columns.filter((column) => column.getIsVisible()).length;
  const showDefaults = () =>
    table.setColumnVisibility((current) => ({
      ...current,
      ...Object.fromEntries(columns.map((column) => [column.id, column.columnDef.meta?.priority !== 'optional'])),
    }));
  return (
    <Popover position="bottom-end" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <Button variant="default" size="xs" leftSection={<IconColumns size={16} />} data-testid="column-chooser">
          {t('table.columns.button', { shown, total: columns.length })}
        </Button>
      </Popover.Target>
      <Popover.Dropdown data-testid="column-chooser-dropdown">
        <Stack gap="xs">
          <Text size="sm" fw={600} id="column-chooser-title">
            {t('table.columns.title')}
          </Text>
          <Stack gap={8} role="group" aria-labelledby="column-chooser-title">
            {columns.map((column) => (
              <Checkbox
                key={column.id}
                size="sm"
                label={columnLabel(column)}
                checked={column.getIsVisible()}
                onChange={(event) => column.toggleVisibility(event.currentTarget.checked)}
              />
            ))}
          </Stack>
          <Button variant="subtle" size="compact-sm" onClick={showDefaults}>
            {t('table.columns.reset')}
          </Button>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
