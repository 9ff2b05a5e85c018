import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { storeSession } from '../../../../app/auth-store';
import { callsTo, jsonResponse, renderApp, stubDocumentFonts } from '../../../../test-utils';
import { contactAnswer, contactsApi, type Handler, id, signInWithContacts } from '../../contacts.test-kit';

const person = contactAnswer(1, { fullName: 'Dana Member', rankId: id(901) });

let api: ReturnType<typeof contactsApi>;

function serve(extra?: Handler) {
  api = contactsApi([person], (url, init) => {
    const found = extra?.(url, init);
    if (found) return found;
    if (url.pathname === `/api/contact/getById/${person._id}`) return jsonResponse(person);
    return undefined;
  });
  vi.stubGlobal('fetch', api);
}

beforeEach(() => {
  stubDocumentFonts();
  storeSession(signInWithContacts());
});
afterEach(() => vi.unstubAllGlobals());

const qualification = {
  contactId: person._id,
  progression: {
    category: { _id: id(900), name: 'Brazilian Jiu-Jitsu' },
    currentRank: {
      _id: id(901),
      name: 'White belt',
      image: null,
      sortOrder: 0,
      classesRequired: null,
      minDaysInRank: null,
    },
    nextRank: {
      _id: id(902),
      name: 'Blue belt',
      image: null,
      sortOrder: 1,
      classesRequired: 20,
      minDaysInRank: 30,
    },
    rankSince: '2026-01-01T00:00:00.000Z',
    check: {
      classesAttended: 19,
      classesRequired: 20,
      classesRemaining: 1,
      daysInRank: 40,
      minDaysInRank: 30,
      daysRemaining: 0,
      hasRequirements: true,
      qualifies: false,
    },
    history: [{ rankId: id(901), rankName: 'White belt', reachedAt: '2026-01-01T00:00:00.000Z' }],
  },
  programs: [
    {
      program: 'Brazilian Jiu-Jitsu',
      categoryId: id(900),
      rankName: 'White belt',
      nextRankName: 'Blue belt',
      attendedLast30Days: 8,
      attendedLast90Days: 19,
      lastAttendedAt: '2026-02-01T18:00:00.000Z',
      check: {
        classesAttended: 19,
        classesRequired: 20,
        classesRemaining: 1,
        daysInRank: 40,
        minDaysInRank: 30,
        daysRemaining: 0,
        hasRequirements: true,
        qualifies: false,
      },
      hasClasses: true,
    },
    {
      program: 'Muay Thai',
      categoryId: null,
      rankName: null,
      nextRankName: null,
      attendedLast30Days: 2,
      attendedLast90Days: 3,
      lastAttendedAt: null,
      check: null,
      hasClasses: true,
    },
    {
      program: 'BJJ Belts',
      categoryId: id(902),
      rankName: null,
      nextRankName: null,
      attendedLast30Days: 0,
      attendedLast90Days: 0,
      lastAttendedAt: null,
      check: null,
      hasClasses: false,
    },
  ],
};

describe('qualification views', { timeout: 20_000 }, () => {
  const withQualification = (url: URL) =>
    url.pathname === `/api/contact-qualification/${person._id}` ? jsonResponse(qualification) : undefined;

  it('says what the member still needs for the next rank', async () => {
    serve(withQualification);
    renderApp(`/contacts/${person._id}?view=qualified-progression`);
    expect(
      await screen.findByText('Not yet qualified for Blue belt', {}, { timeout: 5000 }),
    ).toBeInTheDocument();
    expect(screen.getByText('Dana Member needs 1 more class.')).toBeInTheDocument();
    expect(screen.getByText('19 of 20')).toBeInTheDocument();
    expect(screen.getByText('40 of 30')).toBeInTheDocument();
  });

  it('edits the next rank’s requirements', async () => {
    serve((url, init) =>
      url.pathname === `/api/client-ranks/requirements/${id(902)}` && init.method === 'PUT'
        ? jsonResponse({ success: true, message: 'Rank requirements updated', data: {} })
        : withQualification(url),
    );
    const user = userEvent.setup();
    renderApp(`/contacts/${person._id}?view=qualified-progression`);
    await user.click(
      await screen.findByRole('button', { name: 'Requirements for Blue belt' }, { timeout: 5000 }),
    );
    const classes = await screen.findByLabelText('Classes required');
    await user.clear(classes);
    await user.type(classes, '25');
    await user.click(screen.getByRole('button', { name: 'Save requirements' }));
    expect(await screen.findByText('Rank requirements updated')).toBeInTheDocument();
    expect(callsTo(api, `/client-ranks/requirements/${id(902)}`, 'PUT')[0]?.body).toEqual({
      classesRequired: 25,
      minDaysInRank: 30,
    });
  });

  it('shows attendance by program with its status', async () => {
    serve(withQualification);
    renderApp(`/contacts/${person._id}?view=qualified-program`);
    const bjj = (await screen.findByText('White belt → Blue belt', {}, { timeout: 5000 })).closest(
      '[data-program]',
    )!;
    expect(within(bjj as HTMLElement).getByText('In progress')).toBeInTheDocument();
    expect(within(bjj as HTMLElement).getByText('19')).toBeInTheDocument();
    const thai = screen.getByText('Muay Thai').closest('[data-program]')!;
    expect(within(thai as HTMLElement).getByText('No rank')).toBeInTheDocument();
    expect(within(thai as HTMLElement).queryByTestId('program-without-classes')).toBeNull();
    // A progression no booking type names says why nothing counts toward it.
    const belts = screen.getByText('BJJ Belts').closest('[data-program]')!;
    expect(within(belts as HTMLElement).getByTestId('program-without-classes')).toHaveTextContent(
      'No booking type has the program name "BJJ Belts"',
    );
  });
});
