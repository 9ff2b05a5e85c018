import { idParams } from '@opsuite/shared';
import {
  categoryBody,
  categoryListAnswer,
  categoryMutation,
  categoryUpdateBody,
  contactIdParam,
  employeeListAnswer,
  employeeProfileBody,
  employeeProfileMutation,
  okAnswer,
  positionBody,
  positionListAnswer,
  positionMutation,
  positionUpdateBody,
} from '@opsuite/shared/contracts/staff-schedule';
import { STAFF_TEXT } from '@opsuite/shared/contracts/staff-time';
import { saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { staffAccess } from '../access.ts';
import {
  deleteCategory,
  deletePosition,
  listCategories,
  listEmployees,
  listPositions,
  removeEmployee,
  saveCategory,
  saveEmployee,
  savePosition,
} from './catalog.service.ts';

// employee-categories, contact-position, and employees' staff records.

const tags = ['staff settings'];

export function catalogRoutes(app: App) {
  app.get(
    '/employee-categories',
    { config: staffAccess('read'), schema: { tags, response: { 200: categoryListAnswer } } },
    (req) => req.tenant((tx) => listCategories(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/employee-categories',
    {
      config: staffAccess('write'),
      schema: { tags, body: categoryBody, response: { 200: categoryMutation } },
    },
    async (req) =>
      saved(STAFF_TEXT.categoryCreated, await req.tenant((tx) => saveCategory(tx, req.ctx!, null, req.body))),
  );
  app.put(
    '/employee-categories/:id',
    {
      config: staffAccess('update'),
      schema: { tags, params: idParams, body: categoryUpdateBody, response: { 200: categoryMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.categoryUpdated,
        await req.tenant((tx) => saveCategory(tx, req.ctx!, req.params.id, req.body)),
      ),
  );
  app.delete(
    '/employee-categories/:id',
    { config: staffAccess('delete'), schema: { tags, params: idParams, response: { 200: okAnswer } } },
    async (req) => {
      await req.tenant((tx) => deleteCategory(tx, req.ctx!, req.params.id));
      return { success: true as const, message: STAFF_TEXT.categoryDeleted };
    },
  );

  app.get(
    '/contact-position',
    { config: staffAccess('read'), schema: { tags, response: { 200: positionListAnswer } } },
    (req) => req.tenant((tx) => listPositions(tx, req.ctx!.organizationId)),
  );
  app.post(
    '/contact-position',
    {
      config: staffAccess('write'),
      schema: { tags, body: positionBody, response: { 200: positionMutation } },
    },
    async (req) =>
      saved(STAFF_TEXT.positionCreated, await req.tenant((tx) => savePosition(tx, req.ctx!, null, req.body))),
  );
  app.put(
    '/contact-position/:id',
    {
      config: staffAccess('update'),
      schema: { tags, params: idParams, body: positionUpdateBody, response: { 200: positionMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.positionUpdated,
        await req.tenant((tx) => savePosition(tx, req.ctx!, req.params.id, req.body)),
      ),
  );
  app.delete(
    '/contact-position/:id',
    { config: staffAccess('delete'), schema: { tags, params: idParams, response: { 200: okAnswer } } },
    async (req) => {
      await req.tenant((tx) => deletePosition(tx, req.ctx!, req.params.id));
      return { success: true as const, message: STAFF_TEXT.positionDeleted };
    },
  );

  app.get(
    '/staff/employees',
    { config: staffAccess('read'), schema: { tags, response: { 200: employeeListAnswer } } },
    (req) => req.tenant((tx) => listEmployees(tx, req.ctx!)),
  );
  app.put(
    '/staff/employees/:contactId',
    {
      config: staffAccess('update'),
      schema: {
        tags,
        params: contactIdParam,
        body: employeeProfileBody,
        response: { 200: employeeProfileMutation },
      },
    },
    async (req) =>
      saved(
        STAFF_TEXT.employeeSaved,
        await req.tenant((tx) => saveEmployee(tx, req.ctx!, req.params.contactId, req.body)),
      ),
  );
  app.delete(
    '/staff/employees/:contactId',
    {
      config: staffAccess('update'),
      schema: { tags, params: contactIdParam, response: { 200: employeeProfileMutation } },
    },
    async (req) =>
      saved(
        STAFF_TEXT.employeeRemoved,
        await req.tenant((tx) => removeEmployee(tx, req.ctx!, req.params.contactId)),
      ),
  );
}
