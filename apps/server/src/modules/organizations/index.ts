// Organisations (the tenants) with their plan and settings, the memberships of users in them,
// and the audit log every module writes through recordAudit(). Depends on auth (its tables).
import type { App } from '../../plugins/types.ts';
import { organizationsRoutes } from './organizations.routes.ts';

export { type AuditEntry, recordAudit, recordAuditForMember } from './audit.ts';
export {
  checkInRulesOf,
  deleteMembership,
  insertMembership,
  insertOrganization,
  type NewOrganization,
  type OrganizationTableRow,
  organizationAnswer,
  organizationSettingsAnswer,
} from './organizations.service.ts';

export function register(app: App) {
  organizationsRoutes(app);
}
