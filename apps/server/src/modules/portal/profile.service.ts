import type { PortalMember, PortalProfileBody } from '@opsuite/shared';
import type { Tx } from '../../db/client.ts';
import type { RequestContext } from '../../plugins/types.ts';
import type { Member } from '../booking/index.ts';
import { type ContactHookList, getContact, listFamily, updateContact } from '../contacts/index.ts';

// The member's own contact record as the portal shows it, and the changes a member may make to
// it (name, phone, photo), through the contacts module's own update.

export async function memberProfile(tx: Tx, m: Member): Promise<PortalMember> {
  const c = await getContact(tx, m.org.id, m.actor.contactId);
  return {
    _id: c._id,
    fullName: c.fullName,
    email: c.email,
    phone: c.phone,
    photo: c.photo,
    code: c.punchId,
    plan: c.plan,
    paymentStatus: c.paymentStatus,
  };
}

export async function updateProfile(
  tx: Tx,
  ctx: RequestContext,
  m: Member,
  body: PortalProfileBody,
  hooks: ContactHookList,
) {
  await updateContact(
    tx,
    ctx,
    m.actor.contactId,
    {
      ...(body.fullName !== undefined ? { fullName: body.fullName } : {}),
      ...(body.phone !== undefined ? { phone: body.phone } : {}),
      ...(body.photo !== undefined ? { photo: body.photo } : {}),
    },
    hooks,
  );
  return memberProfile(tx, m);
}

/** The member's family links, without the relatives' contact details. */
export async function memberFamily(tx: Tx, m: Member) {
  const { list } = await listFamily(tx, m.org.id, m.actor.contactId);
  return {
    list: list.map((f) => ({
      _id: f._id,
      relation: f.relation,
      contact: { _id: f.contact._id, fullName: f.contact.fullName, photo: f.contact.photo },
    })),
  };
}
