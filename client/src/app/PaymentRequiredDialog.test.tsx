import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { showPaymentRequired } from '../shared/api/paymentRequired';
import { PaymentRequiredDialog } from './PaymentRequiredDialog';

function renderShell() {
  return render(
    <MemoryRouter initialEntries={['/upload']}>
      <PaymentRequiredDialog />
      <Routes>
        <Route path="/upload" element={<p>Upload page</p>} />
        <Route path="/pricing" element={<p>Pricing page</p>} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PaymentRequiredDialog (issue 28, item 9)', () => {
  it('a creator who never had a trial reads that the free analysis is used, and "See plans" opens the pricing page', async () => {
    renderShell();
    act(() => showPaymentRequired({ message: 'Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.', reason: 'free_analysis_used' }));
    const dialog = await screen.findByRole('dialog', { name: 'Free analysis used' });
    expect(dialog).toHaveTextContent('Your free analysis is used. Upgrade to Creator Pro to keep analysing videos.');
    expect(dialog).not.toHaveTextContent(/trial/i);
    await userEvent.click(screen.getByRole('link', { name: 'See plans' }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
  });

  it('a creator whose paid plan ended reads that, not "Free analysis used"', async () => {
    renderShell();
    act(() => showPaymentRequired({ message: 'Your Creator Pro plan has ended. Subscribe again to continue uploading.', reason: 'plan_ended' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your plan has ended' });
    expect(dialog).toHaveTextContent('Your Creator Pro plan has ended.');
    expect(dialog).not.toHaveTextContent(/free analysis|trial/i);
  });

  it('a creator whose trial ended reads that, and may close the dialog and stay', async () => {
    renderShell();
    act(() => showPaymentRequired({ message: 'Your trial has expired. Please upgrade to continue uploading.', reason: 'trial_expired' }));
    expect(await screen.findByRole('dialog', { name: 'Your trial has ended' })).toHaveTextContent('Your trial has expired.');
    await userEvent.click(screen.getByRole('button', { name: 'Not now' }));
    expect(screen.getByText('Upload page')).toBeInTheDocument();
  });
});
