import { screen } from '@testing-library/react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { AppProviders } from '../AppProviders';
import { testConfig } from '../../test/render';

const api = vi.hoisted(() => ({ getPublicConfig: vi.fn() }));
vi.mock('../../shared/api', () => ({ getPublicConfig: api.getPublicConfig }));

const { AppConfigProvider } = await import('./AppConfigProvider');
const { useAppConfig } = await import('../../shared/config/AppConfigContext');

function ContactProbe() {
  return <p>Contact: {useAppConfig().contactEmail}</p>;
}

const renderProvider = () =>
  render(
    <AppProviders queryClient={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <AppConfigProvider>
        <ContactProbe />
      </AppConfigProvider>
    </AppProviders>,
  );

describe('AppConfigProvider', () => {
  it('fetches GET /public/config at boot and provides it', async () => {
    api.getPublicConfig.mockResolvedValueOnce(testConfig);
    renderProvider();
    expect(screen.getByRole('progressbar')).toBeInTheDocument();
    expect(await screen.findByText('Contact: hello@preflight.test')).toBeInTheDocument();
    expect(api.getPublicConfig).toHaveBeenCalledTimes(1);
  });

  it('offers a retry when the config cannot be fetched', async () => {
    api.getPublicConfig.mockRejectedValue(new Error('API request failed: 503'));
    renderProvider();
    expect(await screen.findByText("Preflight can't reach its server")).toBeInTheDocument();
    api.getPublicConfig.mockResolvedValue(testConfig);
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Contact: hello@preflight.test')).toBeInTheDocument();
  });
});
