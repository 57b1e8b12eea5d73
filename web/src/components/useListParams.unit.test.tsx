import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, useLocation, useNavigate } from 'react-router';
import { useListParams } from './useListParams';

function Probe() {
  const { set, params } = useListParams();
  const location = useLocation();
  const navigate = useNavigate();
  return (
    <>
      <output data-testid="query">{params.toString()}</output>
      <output data-testid="url">{location.search}</output>
      <button type="button" onClick={() => navigate('/users?q=valve')}>
        a link
      </button>
      <button
        type="button"
        onClick={() => {
          set({ q: 'pump' });
          set({ tag: 'north' });
        }}
      >
        two filters at once
      </button>
      <button type="button" onClick={() => set({ page: '3' })}>
        page 3
      </button>
    </>
  );
}

function setup(initial = '/users') {
  render(
    <MemoryRouter initialEntries={[initial]}>
      <Probe />
    </MemoryRouter>,
  );
  return { search: () => screen.getByTestId('url').textContent ?? '' };
}
const click = (name: string) => act(async () => screen.getByRole('button', { name }).click());

describe('useListParams', () => {
  it('keeps both of two updates made before the router has shown the first (two debounced filters settling together)', async () => {
    const router = setup('/users?page=2');
    await click('two filters at once');
    const query = new URLSearchParams(router.search());
    expect(query.get('q')).toBe('pump');
    expect(query.get('tag')).toBe('north');
    expect(query.get('page')).toBeNull();
    expect(screen.getByTestId('query').textContent).toBe(query.toString());
  });

  it('keeps what it asked for once the router shows it, and goes on from a later navigation', async () => {
    const router = setup();
    await click('two filters at once');
    await click('a link');
    await click('page 3');
    expect(router.search()).toBe('?q=valve&page=3');
  });
});
