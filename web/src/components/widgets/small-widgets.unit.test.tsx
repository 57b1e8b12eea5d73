import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders } from '../../test/render';
import { antiRobotPassed } from './anti-robot';
import { AntiRobotCheck } from './AntiRobotCheck';
import { CountrySelect } from './CountrySelect';

describe('anti-robot check', () => {
  it('fails when ticked, under 5 s, or never started', () => {
    const now = 100_000;
    expect(antiRobotPassed({ checked: false, startedAt: now - 6000 }, now)).toBe(true);
    expect(antiRobotPassed({ checked: true, startedAt: now - 6000 }, now)).toBe(false);
    expect(antiRobotPassed({ checked: false, startedAt: now - 4000 }, now)).toBe(false);
    expect(antiRobotPassed({ checked: false, startedAt: 0 }, now)).toBe(false);
  });
  it('snaps back when released early', () => {
    const onChange = jest.fn();
    renderWithProviders(<AntiRobotCheck onChange={onChange} />);
    expect(onChange).toHaveBeenLastCalledWith({ checked: false, startedAt: 0 });
    const slider = screen.getByRole('slider', { name: 'Slide to confirm you are a person' });
    fireEvent.pointerDown(slider, { clientX: 0, pointerId: 1 });
    fireEvent.pointerMove(slider, { clientX: 100, pointerId: 1 });
    fireEvent.pointerUp(slider, { pointerId: 1 });
    expect(slider).toHaveAttribute('aria-valuenow', '0');
    expect(slider.style.transition).toContain('200ms');
    expect(screen.getByTestId('honeypot')).toHaveAttribute('tabindex', '-1');
  });
  it('completes by keyboard', () => {
    const onChange = jest.fn();
    renderWithProviders(<AntiRobotCheck onChange={onChange} />);
    fireEvent.keyDown(screen.getByRole('slider'), { key: 'ArrowRight' });
    expect(onChange.mock.lastCall![0]).toMatchObject({ checked: false });
    expect(onChange.mock.lastCall![0].startedAt).toBeGreaterThan(0);
  });
});

describe('CountrySelect', () => {
  it('lists translated countries, served ones only when asked', async () => {
    renderWithProviders(<CountrySelect label="Country" value={null} onChange={jest.fn()} servedOnly />);
    await userEvent.click(screen.getByRole('combobox', { name: 'Country' }));
    const names = (await screen.findAllByRole('option', { hidden: true })).map((o) => o.textContent);
    expect(names).toContain('Germany');
    expect(names).not.toContain('Brazil');
    expect([...names].sort((a, b) => (a ?? '').localeCompare(b ?? ''))).toEqual(names);
  });
});
