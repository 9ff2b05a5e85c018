// Contacts (CRM): contacts, their types and roles, settings lists, records, stored answers, lists,
// import, merge and rank requirements. Depends on organizations and auth; other modules write its
// tables only through what this file exports, and keep their own rows through its lifecycle hooks.
import { grantReadWriteUpdate, type RoleGrant } from '@opsuite/shared';
import type { App } from '../../plugins/types.ts';
import { ContactAnswersRefresher } from './answers/refresher.ts';
import { registerContactHooks } from './hooks.ts';
import { contactsBulkCreateRoutes } from './import/bulk-create.routes.ts';
import { contactsImportRoutes } from './import/import.routes.ts';
import { ImportWorker } from './import/worker.ts';
import { contactsExportRoutes } from './lists/export.routes.ts';
import { contactsStatisticsRoutes } from './lists/statistics.routes.ts';
import { contactsHooks } from './merge/own-rows.ts';
import { rankRequirementsRoutes } from './qualification/requirements.routes.ts';
import { contactsReadRoutes } from './read.routes.ts';
import { contactFilesRoutes } from './records/files.routes.ts';
import { contactRecordsRoutes } from './records/records.routes.ts';
import { contactFieldsRoutes } from './settings/fields.routes.ts';
import { contactRanksRoutes } from './settings/ranks.routes.ts';
import { contactStagesRoutes } from './settings/stages.routes.ts';
import { contactTagsRoutes } from './settings/tags.routes.ts';
import { contactTypesRoutes } from './settings/types.routes.ts';
import { contactsWriteRoutes } from './write.routes.ts';

export { assertContactsExist, contactsAccess } from './access.ts';
export { refreshContactAnswers } from './answers/refresher.ts';
export { getContact, normalizePunchId, updateContact } from './contacts.service.ts';
export {
  CONTACT_HOOKS,
  type ContactHookList,
  type ContactHooks,
  contactHooksOf,
  inMergeSet,
  type MergeSet,
  mergeRank,
  ofDuplicates,
  registerContactHooks,
} from './hooks.ts';
export {
  addMemberContact,
  findOrCreateLead,
  type MemberContact,
  removeMemberRoles,
  type Visitor,
} from './members.service.ts';
export { membershipStatusSql, planAndStatusUpdate } from './plan-status.ts';
export {
  type ActivityInput,
  noteAttendance,
  recordActivities,
  recordActivity,
  withdrawAttendance,
} from './records/activities.service.ts';
export { checkInActivitySql, lastAttendedNowSql } from './records/check-in.sql.ts';
export { listFamily } from './records/family.service.ts';
export {
  createDefaultContactTypes,
  type DefaultContactType,
  type DefaultContactTypeIds,
} from './settings/type-defaults.ts';

/** What the default roles may do with contacts: employees keep the organisation's contacts. */
export const roleGrants: readonly RoleGrant[] = [grantReadWriteUpdate('employee', 'contacts')];

export function register(app: App) {
  registerContactHooks(app, 'contacts', contactsHooks);
  contactsReadRoutes(app);
  contactsWriteRoutes(app);
  contactTagsRoutes(app);
  contactStagesRoutes(app);
  contactRanksRoutes(app);
  contactTypesRoutes(app);
  contactFieldsRoutes(app);
  contactRecordsRoutes(app);
  contactsStatisticsRoutes(app);
  contactsExportRoutes(app);
  contactFilesRoutes(app);
  contactsBulkCreateRoutes(app);
  rankRequirementsRoutes(app);

  const { config, database } = app.services;
  const worker = new ImportWorker(database, {
    // PGlite is opened by one process only: a job it left processing has no other worker.
    takeOverOnStart: database.kind === 'pglite',
    log: app.log,
  });
  contactsImportRoutes(app, worker);
  if (config.importWorker) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', () => worker.stop());

  // Stored contact answers that a rename or a bulk change made stale are rewritten in the
  // background (answers/refresher.ts); readers build them meanwhile.
  const refresher = new ContactAnswersRefresher(database.db, app.log);
  if (config.importWorker) app.addHook('onReady', async () => refresher.start());
  app.addHook('onClose', () => refresher.stop());
}
