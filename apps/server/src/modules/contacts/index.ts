// Contacts (CRM): contacts with their tags, stages, lead sources, ranks, types and custom fields,
// follow-up notes, files, family links, the activity timeline every module writes, and the picker
// searches, statistics, export and merge; imports (a background worker over a job table) and bulk
// creation, weekly shifts, payment cards through the payments adapter, contracts and invoices
// (which set the contact's plan and payment status), and rank qualification.
import type { App } from '../../plugins/types.ts';
import { createPaymentsProvider } from '../payments/index.ts';
import { ContactAnswersRefresher } from './contact-answers-refresher.ts';
import { contactBillingRoutes } from './contact-billing.routes.ts';
import { BillingSweeper } from './contact-billing-state.ts';
import { contactFieldsRoutes } from './contact-fields.routes.ts';
import { contactFilesRoutes } from './contact-files.routes.ts';
import { contactQualificationRoutes } from './contact-qualification.routes.ts';
import { contactRanksRoutes } from './contact-ranks.routes.ts';
import { contactRecordsRoutes } from './contact-records.routes.ts';
import { contactShiftsRoutes } from './contact-shifts.routes.ts';
import { contactStagesRoutes } from './contact-stages.routes.ts';
import { contactTagsRoutes } from './contact-tags.routes.ts';
import { contactTypesRoutes } from './contact-types.routes.ts';
import { contactsBulkCreateRoutes } from './contacts-bulk-create.routes.ts';
import { contactsExportRoutes } from './contacts-export.routes.ts';
import { contactsImportRoutes } from './contacts-import.routes.ts';
import { ImportWorker } from './contacts-import.worker.ts';
import { contactsReadRoutes } from './contacts-read.routes.ts';
import { contactsStatisticsRoutes } from './contacts-statistics.routes.ts';
import { contactsWriteRoutes } from './contacts-write.routes.ts';
import { paymentCardsRoutes } from './payment-cards.routes.ts';

export {
  type ActivityInput,
  noteAttendance,
  recordActivities,
  recordActivity,
} from './contact-activities.service.ts';
export { refreshContactAnswers } from './contact-answers-refresher.ts';
export { ImportWorker } from './contacts-import.worker.ts';

export function register(app: App) {
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
  contactShiftsRoutes(app);
  contactsBulkCreateRoutes(app);
  contactBillingRoutes(app);
  contactQualificationRoutes(app);
  paymentCardsRoutes(app, createPaymentsProvider(app.services.config, app.services.database));

  const { config, database } = app.services;
  const worker = new ImportWorker(database, {
    // PGlite is opened by one process only: a job it left processing has no other worker.
    takeOverOnStart: database.kind === 'pglite',
    log: app.log,
  });
  contactsImportRoutes(app, worker);
  if (config.importWorker) app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', () => worker.stop());

  // Invoices falling past due and contracts reaching their end date change contacts' payment
  // status and plan with no request to do it: a sweep catches them (contact-billing-state.ts).
  const sweeper = new BillingSweeper(database.db, app.log);
  if (config.importWorker) app.addHook('onReady', async () => sweeper.start());
  app.addHook('onClose', () => sweeper.stop());

  // Stored contact answers that a rename or a bulk change made stale are rewritten in the
  // background (contact-answers-refresher.ts); readers build them meanwhile.
  const refresher = new ContactAnswersRefresher(database.db, app.log);
  if (config.importWorker) app.addHook('onReady', async () => refresher.start());
  app.addHook('onClose', () => refresher.stop());
}
