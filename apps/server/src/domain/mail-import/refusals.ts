// Why mail to an import address is not taken. Refusing the whole message, before anything is
// created, is what keeps every file safe: the sender's mail server returns the message with the
// reasons, so nothing is lost and nothing is half-imported. The receiver turns the kind into its
// SMTP reply; the domain does not speak SMTP.
import { TaskErrorCode } from '../../contract/generated/enums.js';

export type MailRefusalKind =
  /** No workspace has this address (or it is not an import address at all). */
  | 'unknownAddress'
  /** The sender is not a member of the tenant and the workspace accepts members only, or may not import. */
  | 'senderNotAllowed'
  /** Nothing to import: the message has no attachment. */
  | 'noAttachment'
  /** At least one attachment breaks the workspace's size limit (and none breaks another rule). */
  | 'attachmentTooLarge'
  /** At least one attachment is of a type the workspace does not take (a zip, a text file …). */
  | 'attachmentRefused';

export class MailRefusal extends Error {
  constructor(
    readonly kind: MailRefusalKind,
    message: string,
    /** One line per refused attachment: its name, the catalogue code and why. */
    readonly reasons: string[] = [],
  ) {
    super(reasons.length > 0 ? `${message} ${reasons.join(' ')}` : message);
    this.name = 'MailRefusal';
  }
}

const CODE_NAMES = new Map<number, string>(Object.entries(TaskErrorCode).map(([name, code]) => [code, name]));

/** `invoice.zip: UnsupportedExtensionsError (20) - This workspace accepts …` */
export function attachmentReason(fileName: string, code: number, message: string): string {
  const name = CODE_NAMES.get(code);
  return `${fileName}: ${name ? `${name} (${code})` : `error ${code}`} - ${message}`;
}
