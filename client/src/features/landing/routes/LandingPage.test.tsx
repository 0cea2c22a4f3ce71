import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderApp, setScreen } from '../../../test/render';
import { LandingPage } from './LandingPage';

describe('LandingPage', () => {
  it('has a header with the Pricing link and the Get My Video Analysis button', () => {
    renderApp(<LandingPage />);
    const header = screen.getByRole('banner');
    const nav = within(header).getByRole('navigation', { name: 'Main' });
    expect(within(nav).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    expect(within(nav).getByRole('link', { name: 'Get My Video Analysis' })).toHaveAttribute('href', '/upload');
  });

  it('has a mobile menu with the same links', async () => {
    const user = userEvent.setup();
    renderApp(<LandingPage />);
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('navigation', { name: 'Mobile' });
    expect(within(menu).getByRole('link', { name: 'Pricing' })).toHaveAttribute('href', '/pricing');
    const drawer = menu.parentElement!;
    expect(within(drawer).getByRole('link', { name: 'Get My Video Analysis' })).toHaveAttribute('href', '/upload');
  });

  it('shows the hero, claims, Engaging vs Flat and the sample report teaser', () => {
    renderApp(<LandingPage />);
    expect(screen.getByRole('heading', { level: 1, name: "Get Your Video's Analysis Before You Post" })).toBeInTheDocument();
    expect(screen.getAllByText(/free for the next 24 hours/).length).toBeGreaterThan(0);
    for (const claim of ['Analysed without being stored', 'Deleted within 48h', 'First analysis free', 'No credit card needed']) {
      expect(screen.getByText(claim)).toBeInTheDocument();
    }
    expect(screen.getByRole('heading', { name: 'Engaging vs Flat' })).toBeInTheDocument();
    const teaser = screen.getByRole('figure', { name: 'Sample report' });
    expect(within(teaser).getByText('Predicted retention')).toBeInTheDocument();
    expect(within(teaser).getByText('72')).toBeInTheDocument();
    expect(within(teaser).getByText('Almost There')).toBeInTheDocument();
    expect(within(teaser).getAllByText(/^\d:\d\d$/).length).toBeGreaterThanOrEqual(3);
  });

  it('shows the FAST / CLEAR / FREE tiles', () => {
    renderApp(<LandingPage />);
    for (const tile of ['FAST', 'CLEAR', 'FREE']) expect(screen.getByRole('heading', { name: tile })).toBeInTheDocument();
  });

  it('has a footer with the configured contact address and the copyright line', () => {
    renderApp(<LandingPage />);
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByRole('link', { name: 'hello@preflight.test' })).toHaveAttribute('href', 'mailto:hello@preflight.test');
    expect(within(footer).getByText('© 2026 Preflight')).toBeInTheDocument();
  });

  it('shows the particle background on wide screens only', () => {
    setScreen(1280);
    const { unmount } = renderApp(<LandingPage />);
    expect(screen.getByTestId('particle-background')).toBeInTheDocument();
    unmount();
    setScreen(375);
    renderApp(<LandingPage />);
    expect(screen.queryByTestId('particle-background')).not.toBeInTheDocument();
  });
});
