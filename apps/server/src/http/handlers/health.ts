import { databaseAnswers } from '../../db/database.js';
import { defineHandlers, publicCall } from '../handler.js';

export const healthHandlers = defineHandlers({
  HealthCheck_Get: publicCall(({ services }) => databaseAnswers(services.db)),
});
