// What the server hands every use case: the database, the configuration and the mailer. Defined
// here, below http/, so domain rules that need them do not reach up into the http layer.
import type { ServerConfig } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../mail/mailer.js';

export interface Services {
  db: Db;
  config: ServerConfig;
  mailer: Mailer;
}
