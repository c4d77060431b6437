import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMockLicensingApi, type MockLicensingOptions, VALID_CODE } from '../test/mock-licensing';
import { abilities, renderAdmin } from '../test/render';
import { Licensing } from './Licensing';

const server = setupServer();
beforeAll(() => server.listen({ onUnhandledFrame: 'error' }));
afterEach(() => server.resetHandlers());
afterAll(() => server.close());

function mock(options: MockLicensingOptions = {}) {
  const api = createMockLicensingApi(options);
  server.use(...api.handlers);
  return api.state;
}

const all = abilities('Licensing.View', 'Licensing.ActivateLicense', 'Licensing.ViewUsageHistory');

describe('<Licensing>', () => {
  it('shows the licence in force with what is left of it', async () => {
    mock();
    renderAdmin(<Licensing />, { grants: all });
    expect((await screen.findByTestId('licensing.current.volume')).textContent).toBe('500');
    expect(screen.getByTestId('licensing.current.currentVolume').textContent).toBe('380 (24 % used)');
    expect(screen.getByTestId('licensing.current').textContent).toContain('Trial');
    expect(await screen.findByTestId('licensing.history.row.TRIAL')).toBeTruthy();
  });

  it('says plainly when the tenant has no licence', async () => {
    mock({ noLicence: true });
    renderAdmin(<Licensing />, { grants: all });
    expect(await screen.findByTestId('licensing.current.none')).toBeTruthy();
    expect(await screen.findByText('No license has been activated yet.')).toBeTruthy();
  });

  it('activates a code, and names a refused one in the person’s language keeping the code', async () => {
    const state = mock();
    const onSaved = vi.fn();
    renderAdmin(<Licensing onSaved={onSaved} />, { grants: all });
    const code = await screen.findByTestId('licensing.activate.code');
    await userEvent.click(screen.getByTestId('licensing.activate.submit'));
    expect(screen.getByText('Paste the activation code.')).toBeTruthy();
    await userEvent.type(code, 'forged-code');
    await userEvent.click(screen.getByTestId('licensing.activate.submit'));
    const refusal = await screen.findByTestId('licensing.activate.error');
    expect(refusal.textContent).toContain('not signed by the licence vendor');
    expect(code).toHaveProperty('value', 'forged-code');
    await userEvent.clear(code);
    await userEvent.type(code, VALID_CODE);
    await userEvent.click(screen.getByTestId('licensing.activate.submit'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledWith({ screen: 'licensing', tab: 'licences' }));
    await waitFor(() => expect(screen.getByTestId('licensing.current.volume').textContent).toBe('5,000'));
    expect(await screen.findByTestId('licensing.history.row.ACME-2027-01')).toBeTruthy();
    expect(code).toHaveProperty('value', '');
    expect(state.usedCodes.has(VALID_CODE)).toBe(true);
    await userEvent.type(code, VALID_CODE);
    await userEvent.click(screen.getByTestId('licensing.activate.submit'));
    expect((await screen.findByTestId('licensing.activate.error')).textContent).toContain('already used');
  });

  it('pages the usage history by continuation token', async () => {
    const state = mock();
    const onNavigate = vi.fn();
    renderAdmin(<Licensing onNavigate={onNavigate} />, { grants: all });
    await userEvent.click(await screen.findByRole('tab', { name: 'Usage history' }));
    expect(onNavigate).toHaveBeenCalledWith({ screen: 'licensing', tab: 'usage-history' });
    await waitFor(() => expect(screen.getAllByTestId('licensing.usage.row')).toHaveLength(50));
    await userEvent.click(screen.getByTestId('licensing.usage.more'));
    await waitFor(() => expect(screen.getAllByTestId('licensing.usage.row')).toHaveLength(100));
    await userEvent.click(screen.getByTestId('licensing.usage.more'));
    await waitFor(() => expect(screen.getAllByTestId('licensing.usage.row')).toHaveLength(120));
    expect(screen.queryByTestId('licensing.usage.more')).toBeNull();
    expect(state.calls.filter((c) => c.includes('GetLicenseVolumeHistory'))).toEqual([
      'POST /License/GetLicenseVolumeHistory',
      'POST /License/GetLicenseVolumeHistory?continuationToken=50',
      'POST /License/GetLicenseVolumeHistory?continuationToken=100',
    ]);
  });

  it('offers each tab with its permission only, and no activation without ActivateLicense', async () => {
    mock();
    const { unmount } = renderAdmin(<Licensing />, { grants: abilities('Licensing.View') });
    await screen.findByTestId('licensing.current');
    expect(screen.getAllByRole('tab').map((t) => t.textContent)).toEqual(['Licenses']);
    expect(screen.queryByTestId('licensing.activate')).toBeNull();
    unmount();
    renderAdmin(<Licensing />, { grants: abilities('Home.View') });
    expect(await screen.findByText(/access/i)).toBeTruthy();
  });
});
