import { isOwnerType } from '@opsuite/shared/rules/permissions';
import { useSession } from '../../app/auth-store';
import { AdminHome } from './admin-home';
import { StaffHome } from './staff-home';

/**
 * `/`: the owner and admins see the admin home (a card per module); an employee sees the staff
 * home (their classes today, attendance, time clock, contacts as their role allows).
 */
export function HomePage() {
  const session = useSession();
  if (!session) return null;
  return isOwnerType(session.userData.userType) ? <AdminHome /> : <StaffHome />;
}
