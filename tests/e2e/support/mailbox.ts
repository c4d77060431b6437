/**
 * The run's mail as a person would receive it: the global setup starts a real SMTP server on the
 * loopback interface (`apps/server/test/support/smtp-inbox.ts`) and the shared server sends all its
 * mail there. The inbox lives in the setup's process, so each message it receives is also written to
 * `artifacts/mail/` as JSON, which a scenario reads here — and which stays as an artifact of the run.
 */
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  mailFor,
  type ReceivedMail,
  type RunningSmtpInbox,
  startSmtpInbox,
} from '../../../apps/server/test/support/smtp-inbox';
import { mailDir } from './paths';

export type { ReceivedMail };

/** Starts the run's inbox (global setup), writing each message to the mail folder as it arrives. */
export async function startRunMailbox(): Promise<RunningSmtpInbox> {
  await mkdir(mailDir, { recursive: true });
  let count = 0;
  return startSmtpInbox({
    async onMail(mail) {
      count += 1;
      const file = join(mailDir, `${String(count).padStart(4, '0')}.json`);
      // Written aside and renamed, so a reader never sees half a message.
      await writeFile(`${file}.part`, JSON.stringify(mail, null, 2));
      await rename(`${file}.part`, file);
    },
  });
}

async function receivedSoFar(): Promise<ReceivedMail[]> {
  const files = (await readdir(mailDir).catch(() => [] as string[])).filter((f) => f.endsWith('.json')).sort();
  return Promise.all(files.map(async (f) => JSON.parse(await readFile(join(mailDir, f), 'utf8')) as ReceivedMail));
}

/** Waits for the first message the run's server sent to `to` and answers it. */
export async function waitForMail(to: string, timeoutMs = 20_000): Promise<ReceivedMail> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [mail] = mailFor(await receivedSoFar(), to);
    if (mail) return mail;
    if (Date.now() > until) throw new Error(`No mail for ${to} reached the SMTP server within ${timeoutMs} ms.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
