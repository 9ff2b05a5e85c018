import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../app/auth-store';
import { callsTo, errorResponse, jsonResponse, renderApp } from '../../../test-utils';
import { contactAnswer, contactsApi, id, signInWithContacts } from '../contacts.test-kit';

let addAnswer: () => Response;
let api: ReturnType<typeof contactsApi>;

beforeEach(() => {
  storeSession(signInWithContacts());
  addAnswer = () => jsonResponse({ success: true, message: 'Contact created', data: contactAnswer(9) });
  api = contactsApi([contactAnswer(1)], (url, init) =>
    url.pathname === '/api/contact/add' && init.method === 'POST' ? addAnswer() : undefined,
  );
  vi.stubGlobal('fetch', api);
});
afterEach(() => vi.unstubAllGlobals());

async function openForm() {
  const user = userEvent.setup();
  renderApp('/contacts');
  await user.click(await screen.findByRole('button', { name: 'Add contact' }, { timeout: 5000 }));
  const form = await screen.findByRole('form', { name: 'New contact' });
  return { user, form };
}

describe('create contact', { timeout: 20_000 }, () => {
  it('checks the name and the e-mail pattern before sending anything', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Email'), 'not-an-email');
    await user.click(within(form).getByRole('button', { name: 'Create contact' }));
    expect(await within(form).findByText('Full name is required')).toBeInTheDocument();
    expect(within(form).getByText('Please enter a valid email')).toBeInTheDocument();
    expect(callsTo(api, '/contact/add', 'POST')).toHaveLength(0);
  });

  it('lets only digits into the phone and shows it as +1 (xxx) xxx-xxxx', async () => {
    const { user, form } = await openForm();
    const phone = within(form).getByLabelText('Phone');
    await user.type(phone, '1a55b5-12(3)4567');
    expect(phone).toHaveValue('15551234567');
    await user.tab();
    expect(phone).toHaveValue('+1 (555) 123-4567');
  });

  it('creates the contact and says so', async () => {
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('First name'), 'Ada');
    await user.type(within(form).getByLabelText('Last name'), 'Lovelace');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.type(within(form).getByLabelText('Phone'), '15551234567');
    await user.click(within(form).getByRole('button', { name: 'Create contact' }));
    expect(await screen.findByText('Contact created')).toBeInTheDocument();
    const body = callsTo(api, '/contact/add', 'POST')[0]?.body;
    expect(body).toMatchObject({
      fullName: 'Ada Lovelace',
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.com',
      phone: '+1 (555) 123-4567',
      status: 'active',
      tags: [],
      billingAddress: null,
    });
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New contact' })).toBeNull());
  });

  it("shows 'Failed to create contact!' when the server fails, and its own text for a refusal", async () => {
    addAnswer = () => errorResponse(500, 'INTERNAL', 'boom');
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Full name'), 'Ada');
    await user.click(within(form).getByRole('button', { name: 'Create contact' }));
    expect(await screen.findByText('Failed to create contact!')).toBeInTheDocument();

    addAnswer = () => errorResponse(409, 'CONFLICT', 'A contact with this email already exists');
    await user.click(within(form).getByRole('button', { name: 'Create contact' }));
    expect(await screen.findByText('A contact with this email already exists')).toBeInTheDocument();
  });

  it('warns about a saved e-mail, offers the existing contact, and adds anyway when asked', async () => {
    const existing = contactAnswer(1);
    addAnswer = () =>
      jsonResponse(
        {
          error: {
            code: 'CONFLICT',
            message: 'A contact with this email already exists',
            details: [
              {
                field: 'email',
                message: 'A contact with this email already exists',
                contactId: existing._id,
                fullName: 'Ada Saved',
              },
            ],
          },
        },
        409,
      );
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Full name'), 'Ada Again');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Create contact' }));
    const warning = await within(form).findByTestId('duplicate-email');
    expect(within(warning).getByText('A contact with this email already exists')).toBeInTheDocument();
    expect(within(warning).getByText(/Ada Saved has this email/)).toBeInTheDocument();
    expect(within(warning).getByRole('button', { name: 'Open existing contact' })).toBeInTheDocument();

    addAnswer = () => jsonResponse({ success: true, message: 'Contact created', data: contactAnswer(9) });
    await user.click(within(warning).getByRole('button', { name: 'Add anyway' }));
    expect(await screen.findByText('Contact created')).toBeInTheDocument();
    const calls = callsTo(api, '/contact/add', 'POST');
    expect(calls[0]?.body).not.toHaveProperty('allowDuplicateEmail');
    expect(calls[1]?.body).toMatchObject({ email: 'ada@example.com', allowDuplicateEmail: true });
  });

  it('opens the existing contact from the warning', async () => {
    const existing = contactAnswer(1);
    api = contactsApi([existing], (url, init) => {
      if (url.pathname === `/api/contact/getById/${id(1)}`) return jsonResponse(existing);
      return url.pathname === '/api/contact/add' && init.method === 'POST' ? addAnswer() : undefined;
    });
    vi.stubGlobal('fetch', api);
    addAnswer = () =>
      jsonResponse(
        {
          error: {
            code: 'CONFLICT',
            message: 'A contact with this email already exists',
            details: [{ field: 'email', message: 'x', contactId: existing._id, fullName: existing.fullName }],
          },
        },
        409,
      );
    const { user, form } = await openForm();
    await user.type(within(form).getByLabelText('Full name'), 'Ada Again');
    await user.type(within(form).getByLabelText('Email'), 'ada@example.com');
    await user.click(within(form).getByRole('button', { name: 'Create contact' }));
    await user.click(await within(form).findByRole('button', { name: 'Open existing contact' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New contact' })).toBeNull());
    expect(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 })).toBeInTheDocument();
  });
});

describe('edit contact', { timeout: 20_000 }, () => {
  const saved = contactAnswer(1, { billingAddress: { street: '1 Main St', city: 'Springfield' } });
  let addressAnswer: () => Response;

  beforeEach(() => {
    addressAnswer = () => errorResponse(500, 'INTERNAL', 'boom');
    api = contactsApi([saved], (url, init) => {
      if (url.pathname === `/api/contact/getById/${id(1)}`) return jsonResponse(saved);
      if (url.pathname === `/api/contact/update/${id(1)}` && init.method === 'PUT') {
        return jsonResponse({ success: true, message: 'Contact updated', data: saved });
      }
      if (url.pathname === `/api/contact/billing-address/${id(1)}` && init.method === 'PUT') {
        return addressAnswer();
      }
      return undefined;
    });
    vi.stubGlobal('fetch', api);
  });

  async function openEdit() {
    const user = userEvent.setup();
    renderApp(`/contacts/${id(1)}`);
    await user.click(await screen.findByRole('button', { name: 'Edit' }, { timeout: 5000 }));
    const form = await screen.findByRole('form', { name: 'Edit contact' });
    return { user, form };
  }

  it("saves the billing address through billing-address/{id} and shows 'Failed to update billing address' when that fails", async () => {
    const { user, form } = await openEdit();
    const city = within(form).getByLabelText('City');
    await user.clear(city);
    await user.type(city, 'Shelbyville');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));

    expect(await screen.findAllByText('Failed to update billing address')).not.toHaveLength(0);
    expect(within(form).getByText(/The other changes were saved/)).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Edit contact' })).toBeInTheDocument();
    const update = callsTo(api, `/contact/update/${id(1)}`, 'PUT')[0]?.body;
    expect(update).not.toHaveProperty('billingAddress');
    expect(callsTo(api, `/contact/billing-address/${id(1)}`, 'PUT')[0]?.body).toEqual({
      street: '1 Main St',
      street2: null,
      city: 'Shelbyville',
      state: null,
      zip: null,
      country: null,
    });

    addressAnswer = () => jsonResponse({ success: true, message: 'Billing address updated', data: saved });
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Contact updated')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('form', { name: 'Edit contact' })).toBeNull());
  });

  it('does not call billing-address when the address did not change', async () => {
    const { user, form } = await openEdit();
    await user.type(within(form).getByLabelText('Plan'), 'Gold');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await screen.findByText('Contact updated')).toBeInTheDocument();
    expect(callsTo(api, `/contact/billing-address/${id(1)}`, 'PUT')).toHaveLength(0);
    expect(callsTo(api, `/contact/update/${id(1)}`, 'PUT')[0]?.body).toMatchObject({ plan: 'Gold' });
  });
});
