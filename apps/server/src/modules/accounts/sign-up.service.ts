import type { LoginAnswer, RegisterBody } from '@opsuite/shared';
import { newId } from '../../lib/ids.ts';
import { hashPassword } from '../../lib/passwords.ts';
import type { AppServices } from '../../plugins/types.ts';
import { assertEmailFree, insertUsers } from '../auth/index.ts';
import { signedInAnswer } from './session.service.ts';
import { addMember, createOrganization, roleGrantsOf } from './setup.service.ts';

/** Creates a user and a new organisation whose admin they are, and signs them in. */
export async function signUp(services: AppServices, body: RegisterBody): Promise<LoginAnswer> {
  await assertEmailFree(services.database, body.email);
  const passwordHash = await hashPassword(body.password);
  const userId = newId();
  await services.database.db.transaction(async (tx) => {
    await insertUsers(tx, [{ id: userId, email: body.email, passwordHash, fullName: body.fullName }]);
    const org = await createOrganization(
      tx,
      { name: body.organizationName, timeZone: body.timeZone },
      roleGrantsOf(services),
    );
    await addMember(tx, {
      organizationId: org.id,
      userId,
      fullName: body.fullName,
      email: body.email,
      contactTypeId: org.contactTypeIds.admin,
      userType: 'admin',
    });
  });
  return signedInAnswer(services, userId);
}
