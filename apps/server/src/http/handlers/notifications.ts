// A workspace's notification settings. Rules in domain/notifications.
import { notificationConfig, saveNotificationConfig } from '../../domain/notifications/notification-config.js';
import { defineHandlers, requires } from '../handler.js';

export const notificationHandlers = defineHandlers({
  Notification_GetNotificationConfig: requires(['Workspace.Notifications'], ({ params, session, services }) =>
    notificationConfig(services.db, session, params.workspaceId),
  ),
  Notification_PatchNotificationConfig: requires(['Workspace.Notifications'], ({ body, params, session, services }) =>
    saveNotificationConfig(services.db, session, params.workspaceId, body),
  ),
});
