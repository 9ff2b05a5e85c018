import {
  bookingDeletedAnswer,
  calendarAnswer,
  calendarEventBody,
  calendarEventIdQuery,
  calendarEventListAnswer,
  calendarEventMutationAnswer,
  calendarEventQuery,
  calendarEventUpdateBody,
  calendarQuery,
  calendarSettingsAnswer,
  calendarSettingsBody,
  calendarSettingsMutationAnswer,
  themeKindParams,
  themeSettingAnswer,
  themeSettingBody,
  themeSettingMutationAnswer,
} from '@opsuite/shared';
import { deleted, saved } from '../../../lib/answers.ts';
import type { App } from '../../../plugins/types.ts';
import { bookingAccess, calendarAccess, orgOf } from '../access.ts';
import { actorOf } from '../bookings/bookings.service.ts';
import { calendarFeed } from './calendar.service.ts';
import {
  addEvent,
  getCalendarSettings,
  listEvents,
  removeEvent,
  saveCalendarSettings,
  updateEvent,
} from './settings.service.ts';
import { getTheme, saveTheme } from './theme.service.ts';

// The calendar feed, its own events, calendar settings and the booking / self check-in themes.

export function calendarRoutes(app: App) {
  const tags = ['calendar'];
  app.get(
    '/calendar/events',
    {
      config: calendarAccess('read'),
      schema: { tags, querystring: calendarQuery, response: { 200: calendarAnswer } },
    },
    (req) => req.tenant((tx) => calendarFeed(tx, orgOf(req.ctx!), actorOf(req.ctx!), req.query)),
  );
  app.get(
    '/apps/calendar/events',
    {
      config: calendarAccess('read'),
      schema: { tags, querystring: calendarEventQuery, response: { 200: calendarEventListAnswer } },
    },
    (req) => req.tenant((tx) => listEvents(tx, orgOf(req.ctx!), req.query)),
  );
  app.post(
    '/apps/calendar/add-event',
    {
      config: calendarAccess('write'),
      schema: { tags, body: calendarEventBody, response: { 200: calendarEventMutationAnswer } },
    },
    async (req) =>
      saved(
        'Event created',
        await req.tenant((tx) => addEvent(tx, orgOf(req.ctx!), req.ctx!.userId, req.body)),
      ),
  );
  app.post(
    '/apps/calendar/update-event',
    {
      config: calendarAccess('update'),
      schema: { tags, body: calendarEventUpdateBody, response: { 200: calendarEventMutationAnswer } },
    },
    async (req) =>
      saved(
        'Event updated',
        await req.tenant((tx) => updateEvent(tx, orgOf(req.ctx!), req.body._id, req.body)),
      ),
  );
  app.delete(
    '/apps/calendar/remove-event',
    {
      config: calendarAccess('delete'),
      schema: { tags, querystring: calendarEventIdQuery, response: { 200: bookingDeletedAnswer } },
    },
    async (req) => {
      await req.tenant((tx) => removeEvent(tx, req.ctx!.organizationId, req.query.id));
      return deleted('Event deleted');
    },
  );

  app.get(
    '/calender-setting',
    { config: calendarAccess('read'), schema: { tags, response: { 200: calendarSettingsAnswer } } },
    (req) => req.tenant((tx) => getCalendarSettings(tx, orgOf(req.ctx!))),
  );
  app.put(
    '/calender-setting',
    {
      config: calendarAccess('update'),
      schema: { tags, body: calendarSettingsBody, response: { 200: calendarSettingsMutationAnswer } },
    },
    async (req) =>
      saved('Saved', await req.tenant((tx) => saveCalendarSettings(tx, orgOf(req.ctx!), req.body))),
  );

  const themes = ['theme settings'];
  // Reading a theme needs access to what it paints; changing one is an organisation setting.
  app.get(
    '/theme-setting/booking',
    { config: bookingAccess('read'), schema: { tags: themes, response: { 200: themeSettingAnswer } } },
    (req) => req.tenant((tx) => getTheme(tx, req.ctx!.organizationId, 'booking')),
  );
  app.get(
    '/theme-setting/self-check-in',
    {
      config: { auth: 'tenant', permission: { resource: 'kiosk', action: 'read' } },
      schema: { tags: themes, response: { 200: themeSettingAnswer } },
    },
    (req) => req.tenant((tx) => getTheme(tx, req.ctx!.organizationId, 'self-check-in')),
  );
  app.put(
    '/theme-setting/:kind',
    {
      config: { auth: 'tenant', permission: { resource: 'settings', action: 'update' } },
      schema: {
        tags: themes,
        params: themeKindParams,
        body: themeSettingBody,
        response: { 200: themeSettingMutationAnswer },
      },
    },
    async (req) =>
      saved(
        'Saved',
        await req.tenant((tx) => saveTheme(tx, req.ctx!.organizationId, req.params.kind, req.body)),
      ),
  );
}
