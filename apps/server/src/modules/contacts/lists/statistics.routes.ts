import {
  birthdayStatisticsAnswer,
  birthdayStatisticsQuery,
  contactStatisticsAnswer,
  progressionStatisticsAnswer,
  progressionStatisticsQuery,
  retentionStatisticsAnswer,
} from '@opsuite/shared';
import type { App } from '../../../plugins/types.ts';
import { contactsAccess } from '../access.ts';
import {
  birthdayStatistics,
  contactStatistics,
  progressionStatistics,
  retentionStatistics,
} from './statistics.service.ts';

export function contactsStatisticsRoutes(app: App) {
  const tags = ['contact statistics'];
  app.get(
    '/contact/contact-statistics',
    { config: contactsAccess('read'), schema: { tags, response: { 200: contactStatisticsAnswer } } },
    (req) => req.tenant((tx) => contactStatistics(tx, req.ctx!)),
  );
  app.get(
    '/contact/retention-statistics',
    { config: contactsAccess('read'), schema: { tags, response: { 200: retentionStatisticsAnswer } } },
    (req) => req.tenant((tx) => retentionStatistics(tx, req.ctx!)),
  );
  app.get(
    '/contact/getBirthdayStatisticsData',
    {
      config: contactsAccess('read'),
      schema: { tags, querystring: birthdayStatisticsQuery, response: { 200: birthdayStatisticsAnswer } },
    },
    (req) => req.tenant((tx) => birthdayStatistics(tx, req.ctx!, req.query)),
  );
  app.get(
    '/contact/getProgressionStatisticsData',
    {
      config: contactsAccess('read'),
      schema: {
        tags,
        querystring: progressionStatisticsQuery,
        response: { 200: progressionStatisticsAnswer },
      },
    },
    (req) => req.tenant((tx) => progressionStatistics(tx, req.ctx!.organizationId, req.query.categoryId)),
  );
}
