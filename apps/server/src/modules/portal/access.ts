import { type Action, BASE_RESOURCE } from '@opsuite/shared';
import { tenantRoute } from '../../plugins/access.ts';

// Who reaches the portal's calls. Reading and paying for one's own records needs nothing beyond
// being a member of the organisation (base read, which every signed-in role has): each handler
// binds every read and write to the contact of the caller's role (memberOf), so no grant over
// other people's records is involved, and a member needs none of the staff resources (contacts,
// finance) that would open the admin screens to them. Booking and cancelling classes follow the
// booking resource, which an organisation can take away from its members' role.

export const ownRecords = (extra: { systemReads?: boolean } = {}) => ({
  ...tenantRoute(BASE_RESOURCE, 'read'),
  ...extra,
});

export const classBooking = (action: Action) => tenantRoute('booking', action);
