import {
  dailyTipsBody,
  dailyTipsListAnswer,
  dailyTipsMutationAnswer,
  dailyTipsQuery,
  idParams,
  type Resource,
  TIPS_TEXT,
  tipLocationBody,
  tipLocationListAnswer,
  tipLocationMutationAnswer,
  tipPoolAnswer,
  tipPoolBody,
  tipPoolListAnswer,
  tipPoolListQuery,
  tipPoolMutationAnswer,
  tipRoleBody,
  tipRoleListAnswer,
  tipRoleMutationAnswer,
  tipRoleParams,
  tipShareAnswer,
  tipShareQuery,
  tipSyncAnswer,
  tipSyncBody,
  tipsOkAnswer,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import { tenantRoute } from '../../../plugins/access.ts';
import type { App } from '../../../plugins/types.ts';
import { listDailyTips, putDailyTips } from './daily-tips.service.ts';
import {
  addLocation,
  listLocations,
  listRoles,
  putRole,
  removeLocation,
  renameLocation,
} from './locations.service.ts';
import { createPool, deletePool, getPool, listPools, updatePool } from './pools.service.ts';
import { syncTipShare, tipsPosSourceOf } from './pos-source.ts';
import { tipShare } from './share.service.ts';

// Tip management and tip share, guarded by the tips permission (admins and owners by default).

const RESOURCE: Resource = 'tips';
const tags = ['tips'];
const M = '/tip-management';

export function tipsRoutes(app: App) {
  app.get(
    `${M}/locations`,
    { config: tenantRoute(RESOURCE, 'read'), schema: { tags, response: { 200: tipLocationListAnswer } } },
    async (req) => ({ list: await req.tenant((tx) => listLocations(tx, req.ctx!.organizationId)) }),
  );
  app.post(
    `${M}/locations`,
    {
      config: tenantRoute(RESOURCE, 'write'),
      schema: { tags, body: tipLocationBody, response: { 200: tipLocationMutationAnswer } },
    },
    async (req) =>
      saved(
        TIPS_TEXT.locationSaved,
        await req.tenant((tx) => addLocation(tx, req.ctx!.organizationId, req.body)),
      ),
  );
  app.put(
    `${M}/locations/:id`,
    {
      config: tenantRoute(RESOURCE, 'update'),
      schema: { tags, params: idParams, body: tipLocationBody, response: { 200: tipLocationMutationAnswer } },
    },
    async (req) =>
      saved(
        TIPS_TEXT.locationSaved,
        await req.tenant((tx) => renameLocation(tx, req.ctx!.organizationId, req.params.id, req.body)),
      ),
  );
  app.delete(
    `${M}/locations/:id`,
    {
      config: tenantRoute(RESOURCE, 'delete'),
      schema: { tags, params: idParams, response: { 200: tipsOkAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => removeLocation(tx, req.ctx!.organizationId, req.params.id));
      return deleted(TIPS_TEXT.locationDeleted);
    },
  );
  app.get(
    `${M}/roles`,
    { config: tenantRoute(RESOURCE, 'read'), schema: { tags, response: { 200: tipRoleListAnswer } } },
    async (req) => ({ list: await req.tenant((tx) => listRoles(tx, req.ctx!.organizationId)) }),
  );
  app.put(
    `${M}/roles/:roleId`,
    {
      config: tenantRoute(RESOURCE, 'update'),
      schema: { tags, params: tipRoleParams, body: tipRoleBody, response: { 200: tipRoleMutationAnswer } },
    },
    async (req) =>
      saved(
        TIPS_TEXT.roleSaved,
        await req.tenant((tx) =>
          putRole(tx, req.ctx!.organizationId, req.params.roleId, req.body.sharesTips),
        ),
      ),
  );
  app.get(
    `${M}/daily-tips`,
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, querystring: dailyTipsQuery, response: { 200: dailyTipsListAnswer } },
    },
    (req) => req.tenant((tx) => listDailyTips(tx, req.ctx!.organizationId, req.query)),
  );
  app.put(
    `${M}/daily-tips`,
    {
      config: tenantRoute(RESOURCE, 'update'),
      schema: { tags, body: dailyTipsBody, response: { 200: dailyTipsMutationAnswer } },
    },
    async (req) =>
      saved(
        TIPS_TEXT.dailyTipsSaved,
        await req.tenant((tx) => putDailyTips(tx, req.ctx!.organizationId, req.body)),
      ),
  );
  poolRoutes(app);
  app.get(
    '/tip-share',
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, querystring: tipShareQuery, response: { 200: tipShareAnswer } },
    },
    (req) =>
      req.tenant((tx) => tipShare(tx, req.ctx!.organizationId, req.ctx!.organization.timeZone, req.query)),
  );
  app.post(
    '/tip-share/sync',
    {
      config: tenantRoute(RESOURCE, 'write'),
      schema: { tags, body: tipSyncBody, response: { 200: tipSyncAnswer } },
    },
    async (req) => {
      const { organizationId, organization } = req.ctx!;
      const data = await req.tenant((tx) =>
        syncTipShare(tx, organizationId, organization.timeZone, req.body, tipsPosSourceOf(app.services)),
      );
      return saved(TIPS_TEXT.synced, data);
    },
  );
}

function poolRoutes(app: App) {
  app.get(
    `${M}/pools`,
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, querystring: tipPoolListQuery, response: { 200: tipPoolListAnswer } },
    },
    (req) => req.tenant((tx) => listPools(tx, req.ctx!.organizationId, req.query.page, req.query.limit)),
  );
  app.get(
    `${M}/pools/:id`,
    {
      config: tenantRoute(RESOURCE, 'read'),
      schema: { tags, params: idParams, response: { 200: tipPoolAnswer } },
    },
    (req) => req.tenant((tx) => getPool(tx, req.ctx!.organizationId, req.params.id)),
  );
  app.post(
    `${M}/pools`,
    {
      config: tenantRoute(RESOURCE, 'write'),
      schema: { tags, body: tipPoolBody, response: { 200: tipPoolMutationAnswer } },
    },
    async (req) =>
      saved(
        TIPS_TEXT.poolCreated,
        await req.tenant((tx) => createPool(tx, req.ctx!.organizationId, req.body)),
      ),
  );
  app.put(
    `${M}/pools/:id`,
    {
      config: tenantRoute(RESOURCE, 'update'),
      schema: { tags, params: idParams, body: tipPoolBody, response: { 200: tipPoolMutationAnswer } },
    },
    async (req) =>
      saved(
        TIPS_TEXT.poolUpdated,
        await req.tenant((tx) => updatePool(tx, req.ctx!.organizationId, req.params.id, req.body)),
      ),
  );
  app.delete(
    `${M}/pools/:id`,
    {
      config: tenantRoute(RESOURCE, 'delete'),
      schema: { tags, params: idParams, response: { 200: tipsOkAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => deletePool(tx, req.ctx!.organizationId, req.params.id));
      return deleted(TIPS_TEXT.poolDeleted);
    },
  );
}
