import { createColumnHelper } from '@tanstack/react-table';
import { choosableColumnIds, defaultColumnVisibility } from './useColumnVisibility';

interface Row {
  ref: string;
  status: string;
  customer: string;
  owner: string;
}
const column = createColumnHelper<Row>();
const columns = [
  column.display({ id: 'select', enableHiding: false }),
  column.accessor('ref', { id: 'ref', meta: { priority: 'essential' } }),
  column.accessor('status', { id: 'status', meta: { priority: 'essential' } }),
  column.accessor('customer', { id: 'customer' }),
  column.accessor('owner', { id: 'owner', meta: { priority: 'optional' } }),
];

describe('column priorities (D196)', () => {
  it('offers every column but the essential ones and those never hidden', () => {
    expect(choosableColumnIds(columns)).toEqual(['customer', 'owner']);
  });

  it('shows the columns by default but the optional ones', () => {
    expect(defaultColumnVisibility(columns)).toEqual({ customer: true, owner: false });
  });
});
