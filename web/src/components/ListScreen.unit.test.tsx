import { fireEvent, screen } from '@testing-library/react';
import { createColumnHelper, getCoreRowModel, useReactTable } from '@tanstack/react-table';
import { renderWithProviders } from '../test/render';
import { ListScreen, type ListQuery, type ListScreenProps } from './ListScreen';

interface Row {
  id: string;
  name: string;
}
const column = createColumnHelper<Row>();
const columns = [column.accessor('name', { header: 'Name' })];
const noop = () => undefined;

function Screen({ rows, list, ...props }: { rows: Row[]; list: ListQuery } & Partial<Omit<ListScreenProps<Row>, 'list' | 'table'>>) {
  const table = useReactTable({ data: rows, columns, getCoreRowModel: getCoreRowModel(), manualPagination: true, getRowId: (r) => r.id });
  return (
    <ListScreen
      filters={<input aria-label="Search" />}
      list={list}
      table={{ table, label: 'Things', rowProps: () => ({ 'data-testid': 'thing-row' }) }}
      empty={{ title: 'No things yet', description: 'Add one.' }}
      failure={{ title: 'Things not loaded', description: 'Try again.' }}
      paging={{ page: 1, pageSize: 10, onPageChange: noop, onPageSizeChange: noop }}
      {...props}
    />
  );
}

const loaded = (total: number): ListQuery => ({ data: { total }, isPending: false, isError: false, isPlaceholderData: false, refetch: noop });

describe('the list screen', () => {
  it('shows the filters, the rows and the pager', () => {
    renderWithProviders(<Screen rows={[{ id: '1', name: 'First' }]} list={loaded(1)} />);
    expect(screen.getByRole('textbox', { name: 'Search' })).toBeInTheDocument();
    expect(screen.getAllByTestId('thing-row')).toHaveLength(1);
    expect(screen.getByText('1–1 of 1')).toBeInTheDocument();
  });

  it('says a list is empty, without a pager', () => {
    renderWithProviders(<Screen rows={[]} list={loaded(0)} />);
    expect(screen.getByTestId('empty-state')).toHaveTextContent('No things yet');
    expect(screen.queryByText(/of 0/)).not.toBeInTheDocument();
  });

  it('offers to reset the filters that hide every row', () => {
    const onReset = jest.fn();
    renderWithProviders(<Screen rows={[]} list={loaded(0)} filtered={{ title: 'Nothing matches', description: 'Change the filters.', onReset }} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reset filters' }));
    expect(onReset).toHaveBeenCalled();
  });

  it('shows a failure before the first page as an error state whose retry asks again', () => {
    const refetch = jest.fn();
    renderWithProviders(<Screen rows={[]} list={{ isPending: false, isError: true, isPlaceholderData: false, refetch }} />);
    expect(screen.getByRole('alert')).toHaveTextContent('Things not loaded');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('draws another view instead of the table and its pager', () => {
    renderWithProviders(<Screen rows={[{ id: '1', name: 'First' }]} list={loaded(1)} instead={<p>Timeline</p>} />);
    expect(screen.getByText('Timeline')).toBeInTheDocument();
    expect(screen.queryByTestId('thing-row')).not.toBeInTheDocument();
    expect(screen.queryByText('1–1 of 1')).not.toBeInTheDocument();
  });
});
