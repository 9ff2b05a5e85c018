import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp } from '../../test-utils';
import { type Answers, defaultAnswers, portalFetch, signInMember } from './portal.test-kit';

let answers: Answers;

beforeEach(() => {
  signInMember();
  answers = defaultAnswers();
  portalFetch(answers);
});
afterEach(() => vi.unstubAllGlobals());

const svgOf = (img: HTMLElement) => decodeURIComponent((img as HTMLImageElement).src.split(',')[1] ?? '');

describe('member portal: the check-in card', { timeout: 20_000 }, () => {
  it('draws the code as a QR code and a CODE 128 barcode, and shows it full screen', async () => {
    renderApp('/access-control?tab=card');
    const barcode = await screen.findByTestId('member-barcode', {}, { timeout: 5000 });
    expect(barcode).toHaveAttribute('alt', 'Barcode 0000001234');
    expect((barcode as HTMLImageElement).src).toMatch(/^data:image\/svg\+xml/);
    expect(svgOf(barcode)).toContain('<svg');
    const qr = await screen.findByTestId('member-qr');
    expect(qr).toHaveAttribute('alt', 'QR code 0000001234');
    expect(svgOf(qr)).toContain('<svg');
    expect(screen.getByTestId('member-code')).toHaveTextContent('0000001234');

    const u = userEvent.setup();
    await u.click(screen.getByRole('button', { name: 'Show full screen' }));
    const full = await screen.findByRole('dialog', { name: 'Check-in card' });
    expect(await within(full).findByTestId('fullscreen-barcode')).toHaveAttribute(
      'alt',
      'Barcode 0000001234',
    );
    expect(full).toHaveTextContent('Turn your screen brightness up');
    await u.click(within(full).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog', { name: 'Check-in card' })).toBeNull();
  });

  it('a member without a code is told where to get one', async () => {
    answers.me.member.code = null;
    renderApp('/access-control?tab=card');
    expect(await screen.findByText('No check-in code yet')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Show full screen' })).toBeNull();
  });

  it('the header opens the card from any place', async () => {
    const { router } = renderApp('/access-control');
    const u = userEvent.setup();
    await u.click(await screen.findByRole('button', { name: 'My card' }));
    expect(router.state.location.search).toBe('?tab=card');
    expect(await screen.findByTestId('member-code')).toHaveTextContent('0000001234');
  });
});
