import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../app/auth-store';
import { callsTo, errorResponse, jsonResponse, renderApp } from '../../test-utils';
import { device, fakeApi, id, signInAdmin } from './booking.test-kit';

let api: ReturnType<typeof fakeApi>;
let devices = [device(1, { pairedAt: '2026-01-06T09:00:00Z' })];
let fail: { post?: boolean; put?: boolean; delete?: boolean } = {};

beforeEach(() => {
  storeSession(signInAdmin());
  devices = [device(1, { pairedAt: '2026-01-06T09:00:00Z' })];
  fail = {};
  api = fakeApi((url, init) => {
    const method = init.method ?? 'GET';
    if (url.pathname === '/api/device-management' && method === 'GET') return jsonResponse({ list: devices });
    if (url.pathname === '/api/device-management' && method === 'POST') {
      if (fail.post) return errorResponse(500, 'INTERNAL', 'Internal server error');
      const made = device(2);
      devices = [...devices, made];
      return jsonResponse({ success: true, message: 'Device code generated', data: made });
    }
    if (url.pathname === `/api/device-management/${id(1)}` && method === 'PUT') {
      if (fail.put) return errorResponse(400, 'VALIDATION', 'name: too long');
      const body = JSON.parse(String(init.body));
      devices = devices.map((d) => (d._id === id(1) ? { ...d, ...body } : d));
      return jsonResponse({ success: true, message: 'Device code updated', data: devices[0] });
    }
    if (url.pathname === `/api/device-management/${id(1)}` && method === 'DELETE') {
      if (fail.delete) return errorResponse(404, 'NOT_FOUND', 'Device not found');
      devices = devices.filter((d) => d._id !== id(1));
      return jsonResponse({ success: true, message: 'Device code removed' });
    }
    return undefined;
  });
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

async function openDevices() {
  const user = userEvent.setup();
  renderApp('/booking/devices');
  await screen.findByText('Front desk 1', {}, { timeout: 5000 });
  return user;
}

async function openMenuItem(user: ReturnType<typeof userEvent.setup>, item: string) {
  await user.click(screen.getByRole('button', { name: 'Actions for Front desk 1' }));
  await user.click(await screen.findByRole('menuitem', { name: item }));
}

describe('device management', { timeout: 20_000 }, () => {
  it('lists devices with their codes and explains how to pair a tablet', async () => {
    await openDevices();
    expect(screen.getByText('KX1P4Q7R')).toBeInTheDocument();
    expect(screen.getByText('Paired')).toBeInTheDocument();
    expect(screen.getByText('How to pair a tablet')).toBeInTheDocument();
    expect(screen.getByTestId('kiosk-url')).toHaveTextContent(`${window.location.origin}/kiosk`);
  });

  it('generates a device code', async () => {
    const user = await openDevices();
    await user.click(screen.getByRole('button', { name: 'Generate code' }));
    expect(await screen.findByText('Device code generated')).toBeInTheDocument();
    expect(await screen.findByText('KX2P4Q7R')).toBeInTheDocument();
    expect(screen.getByText('Not paired')).toBeInTheDocument();
    expect(callsTo(api, '/device-management', 'POST')).toHaveLength(1);
  });

  it('says so when a code cannot be generated', async () => {
    fail.post = true;
    const user = await openDevices();
    await user.click(screen.getByRole('button', { name: 'Generate code' }));
    expect(await screen.findByText('Unable to generate device code')).toBeInTheDocument();
    expect(screen.queryByText('Internal server error')).not.toBeInTheDocument();
  });

  it('renames a device', async () => {
    const user = await openDevices();
    await openMenuItem(user, 'Rename');
    const dialog = await screen.findByRole('dialog', { name: 'Rename device' });
    const name = within(dialog).getByLabelText('Device name');
    await user.clear(name);
    await user.type(name, 'Lobby tablet');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Device code updated')).toBeInTheDocument();
    expect(callsTo(api, `/device-management/${id(1)}`, 'PUT')[0]?.body).toEqual({ name: 'Lobby tablet' });
    expect(await screen.findByText('Lobby tablet')).toBeInTheDocument();
  });

  it('says so when a device cannot be updated', async () => {
    fail.put = true;
    const user = await openDevices();
    await openMenuItem(user, 'Switch off');
    expect(await screen.findByText('Unable to update device')).toBeInTheDocument();
    expect(callsTo(api, `/device-management/${id(1)}`, 'PUT')[0]?.body).toEqual({ isActive: false });
  });

  it('removes a device after confirmation', async () => {
    const user = await openDevices();
    await openMenuItem(user, 'Remove');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Front desk 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Device code removed')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Front desk 1')).not.toBeInTheDocument());
  });

  it('says so when a device cannot be removed', async () => {
    fail.delete = true;
    const user = await openDevices();
    await openMenuItem(user, 'Remove');
    const dialog = await screen.findByRole('dialog', { name: 'Remove Front desk 1?' });
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('Unable to remove device')).toBeInTheDocument();
    expect(screen.getByText('Front desk 1')).toBeInTheDocument();
  });
});
