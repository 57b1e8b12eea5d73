import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { CollapsingTabs } from './CollapsingTabs';

const tabs = ['Quote request', 'Offer', 'Order', 'Job information', 'Feedback'].map((label, i) => ({ value: `t${i}`, label }));

function setWidthBelow767(narrow: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: narrow && query.includes('max-width: 766.98px'),
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
}

describe('CollapsingTabs', () => {
  const original = window.matchMedia;
  afterEach(() => {
    window.matchMedia = original;
  });
  it('shows every tab on wide screens', () => {
    setWidthBelow767(false);
    renderWithProviders(<CollapsingTabs label="Order" tabs={tabs} value="t0" onChange={jest.fn()} />);
    expect(screen.getAllByRole('tab')).toHaveLength(5);
    expect(screen.queryByTestId('tabs-more')).toBeNull();
  });
  it('folds the others into "more" below 767 px, keeping the active tab', async () => {
    setWidthBelow767(true);
    const onChange = jest.fn();
    renderWithProviders(<CollapsingTabs label="Order" tabs={tabs} value="t3" onChange={onChange} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Job information']);
    await userEvent.click(screen.getByTestId('tabs-more'));
    // The menu opens with a transition: under load it can take longer than findBy's default second.
    const feedback = await screen.findByRole('menuitem', { name: 'Feedback' }, { timeout: 5000 });
    expect(screen.getAllByRole('menuitem', { hidden: true }).map((item) => item.textContent)).toEqual(['Quote request', 'Offer', 'Order', 'Feedback']);
    await userEvent.click(feedback);
    expect(onChange).toHaveBeenCalledWith('t4');
  });
});
