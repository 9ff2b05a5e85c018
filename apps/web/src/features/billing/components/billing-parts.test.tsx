import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test-utils';
import { BillingSummary } from './billing-parts';

// Billing's summary reads the plan and payment status in the contacts' words.

describe('billing summary', () => {
  it('says "No plan" and None for a contact without a plan, and no invented wording', () => {
    renderWithProviders(<BillingSummary billing={{ plan: null, paymentStatus: 'none' }} />);
    expect(screen.getByText('No plan')).toBeInTheDocument();
    expect(screen.getByText('None')).toHaveAttribute('data-payment-status', 'none');
    expect(screen.queryByText(/good standing/i)).toBeNull();
  });

  it('shows a frozen contact as Frozen', () => {
    renderWithProviders(<BillingSummary billing={{ plan: 'Gold', paymentStatus: 'frozen' }} />);
    expect(screen.getByText('Gold')).toBeInTheDocument();
    expect(screen.getByText('Frozen').closest('[data-payment-status]')).toHaveAttribute(
      'data-payment-status',
      'frozen',
    );
  });
});
