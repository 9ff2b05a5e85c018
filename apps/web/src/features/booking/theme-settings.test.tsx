import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { PHONE_QUERY } from '../../app/use-is-phone';
import { stubMediaQueries } from '../../test-media';
import { callsTo, errorResponse, jsonResponse, renderApp } from '../../test-utils';
import { fakeApi, signInAdmin } from './booking.test-kit';

const SAVED = { type: 'gradient', color: 'linear-gradient(45deg, #1E90FF, #87CEEB)' };
let api: ReturnType<typeof fakeApi>;
let putAnswer: (body: unknown) => Response | Promise<Response>;

beforeEach(() => {
  storeSession(signInAdmin());
  putAnswer = (body) => jsonResponse({ success: true, message: 'Saved', data: body });
  api = fakeApi((url, init) => {
    if (url.pathname === '/api/theme-setting/self-check-in' && init.method === 'PUT') {
      return putAnswer(JSON.parse(String(init.body)));
    }
    if (url.pathname === '/api/theme-setting/self-check-in') return jsonResponse(SAVED);
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

async function openScreen() {
  const user = userEvent.setup();
  renderApp('/settings/check-in-theme');
  await screen.findByRole('radiogroup', { name: 'Gradient Colors' }, { timeout: 5000 });
  return user;
}

const swatch = (name: string) => screen.getByRole('radio', { name });

describe('self check-in theme settings', { timeout: 20_000 }, () => {
  it('has the desktop title, both colour lists and the stored theme selected with a 4px border', async () => {
    await openScreen();
    expect(screen.getByRole('heading', { name: 'Self Check-In Theme Color' })).toBeInTheDocument();
    const solid = screen.getByRole('radiogroup', { name: 'Solid Colors' });
    const names = within(solid)
      .getAllByRole('radio')
      .map((r) => r.getAttribute('aria-label'));
    expect(names).toEqual([
      'Warning',
      'Tomato',
      'Tangerine',
      'Banana',
      'Basil',
      'Sage',
      'Peacock',
      'Blueberry',
      'Lavender',
      'Grape',
      'Flamingo',
      'Graphite',
    ]);
    expect(swatch('Ocean')).toHaveAttribute('aria-checked', 'true');
    expect(swatch('Ocean')).toHaveStyle({ borderWidth: '4px' });
    expect(swatch('Tomato')).toHaveStyle({ borderWidth: '1px' });
  });

  it('moves the 4px border to the chosen swatch and previews it live', async () => {
    const user = await openScreen();
    await user.click(swatch('Warning'));
    expect(swatch('Warning')).toHaveStyle({ borderWidth: '4px' });
    expect(swatch('Warning')).toHaveAttribute('aria-checked', 'true');
    expect(swatch('Ocean')).toHaveStyle({ borderWidth: '1px' });
    expect(screen.getByTestId('theme-preview')).toHaveAttribute('data-background', '#FF9F43');
  });

  it('shows the phone title on a phone', async () => {
    stubMediaQueries((query) => query === PHONE_QUERY);
    await openScreen();
    expect(screen.getByRole('heading', { name: 'Theme Settings' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Self Check-In Theme Color' })).not.toBeInTheDocument();
  });

  it('accepts a custom gradient only with two 6-digit hex colours, always at 45 degrees', async () => {
    const user = await openScreen();
    const from = screen.getByRole('textbox', { name: 'From' });
    const to = screen.getByRole('textbox', { name: 'To' });
    await user.clear(from);
    await user.type(from, '#12G');
    await user.clear(to);
    await user.type(to, '#abc');
    await user.click(screen.getByRole('button', { name: 'Use gradient' }));
    expect(await screen.findAllByText('Use a 6-digit hex colour such as #1E90FF')).toHaveLength(2);
    expect(swatch('Ocean')).toHaveAttribute('aria-checked', 'true');

    await user.clear(from);
    await user.type(from, '#112233');
    await user.clear(to);
    await user.type(to, '#445566');
    await user.click(screen.getByRole('button', { name: 'Use gradient' }));
    expect(screen.queryByText('Use a 6-digit hex colour such as #1E90FF')).not.toBeInTheDocument();
    expect(swatch('Custom gradient')).toHaveStyle({ borderWidth: '4px' });
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(callsTo(api, '/theme-setting/self-check-in', 'PUT')).toHaveLength(1));
    expect(callsTo(api, '/theme-setting/self-check-in', 'PUT')[0]?.body).toEqual({
      type: 'gradient',
      color: 'linear-gradient(45deg, #112233, #445566)',
    });
  });

  it('shows a saving spinner on Save Changes until the server answers', async () => {
    let release: (response: Response) => void = () => {};
    putAnswer = () => new Promise<Response>((resolve) => (release = resolve));
    const user = await openScreen();
    await user.click(swatch('Basil'));
    const save = screen.getByRole('button', { name: /Save Changes/ });
    await user.click(save);
    await waitFor(() => expect(save).toHaveAttribute('data-loading'));
    expect(within(save).getByLabelText('Saving')).toBeInTheDocument();
    release(jsonResponse({ success: true, message: 'Saved', data: { type: 'solid', color: '#0B8043' } }));
    await waitFor(() => expect(save).not.toHaveAttribute('data-loading'));
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    expect(callsTo(api, '/theme-setting/self-check-in', 'PUT')[0]?.body).toEqual({
      type: 'solid',
      color: '#0B8043',
    });
  });

  it('only logs a failed save to the console', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    putAnswer = () => errorResponse(500, 'INTERNAL', 'Internal server error');
    const user = await openScreen();
    await user.click(swatch('Tomato'));
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(logged).toHaveBeenCalledWith('Theme save failed', expect.anything()));
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
    expect(document.querySelector('[data-toast="error"]')).toBeNull();
  });
});
