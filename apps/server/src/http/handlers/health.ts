import { databaseAnswers } from '../../db/database.js';
import { type HandlerMap, publicCall } from '../handler.js';

export const healthHandlers: HandlerMap = {
  HealthCheck_Get: publicCall(({ services }) => databaseAnswers(services.db)),
};
