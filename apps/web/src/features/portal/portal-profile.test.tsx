import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { callsTo, jsonResponse, renderApp } from '../../test-utils';
import { type Answers, defaultAnswers, portalFetch, signInMember } from './portal.test-kit';

let answers: Answers;
let fetchMock: ReturnType<typeof portalFetch>;

beforeEach(() => {
  signInMember();
  answers = defaultAnswers();
  fetchMock = portalFetch(answers);
});
afterEach(() => vi.unstubAllGlobals());

describe('member portal: profile', { timeout: 20_000 }, () => {
  it('shows the saved phone formatted, not as stored', async () => {
    answers.me = { ...answers.me, member: { ...answers.me.member, phone: '+12125550188' } };
    renderApp('/access-control?tab=profile');
    expect(await screen.findByLabelText('Phone', {}, { timeout: 10_000 })).toHaveValue('+1 (212) 555-0188');
  });

  it('saves name, phone and photo link', async () => {
    answers.writes['PUT /portal/profile'] = () =>
      jsonResponse({ success: true, message: 'Profile saved', data: answers.me.member });
    renderApp('/access-control?tab=profile');
    const u = userEvent.setup();
    const name = await screen.findByLabelText('Full name');
    await u.clear(name);
    await u.type(name, 'Morgan Rivers');
    await u.type(screen.getByLabelText('Phone'), '+1 555 010 9999');
    await u.type(screen.getByLabelText(/Photo link/), 'https://example.com/me.jpg');
    await u.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Profile saved')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/portal/profile', 'PUT')[0]!.body).toEqual({
      fullName: 'Morgan Rivers',
      phone: '+1 555 010 9999',
      photo: 'https://example.com/me.jpg',
    });
  });

  it('refuses a photo that is not an http(s) link before sending, and shows the server’s field errors', async () => {
    answers.writes['PUT /portal/profile'] = () =>
      new Response(
        JSON.stringify({
          error: {
            code: 'VALIDATION',
            message: 'phone: Invalid phone',
            details: [{ field: 'phone', message: 'Invalid phone' }],
          },
        }),
        { status: 400, headers: { 'Content-Type': 'application/json' } },
      );
    renderApp('/access-control?tab=profile');
    const u = userEvent.setup();
    await u.type(await screen.findByLabelText(/Photo link/), 'javascript:alert(1)');
    await u.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Must be an http(s) link or an uploaded file')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/portal/profile', 'PUT')).toHaveLength(0);
    await u.clear(screen.getByLabelText(/Photo link/));
    await u.type(screen.getByLabelText('Phone'), '+1 555 010 9999');
    await u.click(screen.getByRole('button', { name: 'Save profile' }));
    expect(await screen.findByText('Invalid phone')).toBeInTheDocument();
    expect(callsTo(fetchMock, '/portal/profile', 'PUT')).toHaveLength(1);
  });

  it('shows the saved phone the way every view does, not as stored', async () => {
    answers.me.member.phone = '+12125550188';
    renderApp('/access-control?tab=profile');
    expect(await screen.findByLabelText('Phone')).toHaveValue('+1 (212) 555-0188');
  });
});
