import { screen } from '@testing-library/react';
import { renderWithProviders } from '../test/render';
import { TablePagination } from './TablePagination';

const noop = () => undefined;

describe('the table pagination', () => {
  it('shows the range of an exact total and a page button for each page', () => {
    renderWithProviders(<TablePagination page={2} pageSize={10} total={25} onPageChange={noop} onPageSizeChange={noop} />);
    expect(screen.getByText('11–20 of 25')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 3' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Page 4' })).not.toBeInTheDocument();
  });

  it('says "more than" a capped total (a broad search, D67), with the pages up to it', () => {
    renderWithProviders(<TablePagination page={1} pageSize={10} total={1000} totalCapped onPageChange={noop} onPageSizeChange={noop} />);
    expect(screen.getByText('1–10 of more than 1,000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 100' })).toBeInTheDocument();
  });
});
