import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { TagsInput } from './TagsInput';

describe('TagsInput', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());
  it('searches 500 ms after typing stops and caches each query', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const search = jest.fn(async (query: string) => [`${query}-one`, `${query}-two`]);
    renderWithProviders(<TagsInput label="Tags" value={[]} onChange={jest.fn()} search={search} />);
    const input = screen.getByRole('combobox', { name: 'Tags' });
    await user.type(input, 'pump');
    await act(async () => jest.advanceTimersByTime(499));
    expect(search).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(1));
    expect(search.mock.calls).toEqual([['pump']]);
    await user.type(input, '{Backspace}');
    await act(async () => jest.advanceTimersByTime(500));
    await user.type(input, 'p');
    await act(async () => jest.advanceTimersByTime(500));
    // 'pump' again comes from the cache: only 'pum' was a new search.
    expect(search.mock.calls).toEqual([['pump'], ['pum']]);
  });
});
