// A real WebDAV server for the connector tests (webdav-server, in-process, Basic authentication),
// serving a temporary folder on the loopback interface.
import { mkdtempSync } from 'node:fs';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import webdavServer from 'webdav-server';
import { freePort } from './postgres-cluster.js';

const { v2: webdav } = webdavServer;

export interface TestWebDav {
  /** Base URL of the collection, e.g. http://127.0.0.1:41234/dav/. */
  url: string;
  /** The folder on disk it serves. */
  root: string;
  userName: string;
  password: string;
  stop(): Promise<void>;
}

export async function startWebDav(userName = 'reviewdesk', password = 'dav-Secret-1'): Promise<TestWebDav> {
  const root = mkdtempSync(join(tmpdir(), 'reviewdesk-webdav-'));
  const users = new webdav.SimpleUserManager();
  const user = users.addUser(userName, password, false);
  const privileges = new webdav.SimplePathPrivilegeManager();
  privileges.setRights(user, '/', ['all']);
  const port = await freePort();
  const server = new webdav.WebDAVServer({
    httpAuthentication: new webdav.HTTPBasicAuthentication(users, 'Reviewdesk test'),
    privilegeManager: privileges,
    requireAuthentification: true,
    hostname: '127.0.0.1',
    port,
  });
  await server.setFileSystemAsync('/dav', new webdav.PhysicalFileSystem(root));
  const http: Server = await server.startAsync(port);
  const actual = (http.address() as AddressInfo).port;
  return { url: `http://127.0.0.1:${actual}/dav/`, root, userName, password, stop: () => server.stopAsync() };
}
