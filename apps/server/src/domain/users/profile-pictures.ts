// Profile pictures: sent as a base64 file payload, checked by size and by the type its bytes show
// (never the type the client claims), and stored re-encoded as a small square PNG data URL — so
// what any browser later puts into an image source is an image this server drew, at a bounded size.
import sharp from 'sharp';
import type { components } from '../../contract/generated/schema.js';
import type { Db } from '../../db/database.js';
import { TenantMembersRepository } from '../../db/repositories/tenant-members.js';
import { UsersRepository } from '../../db/repositories/users.js';
import { detectFileType } from '../../formats/file-type.js';
import { invalid, notFound } from '../errors.js';
import type { Session } from '../session.js';

type FilePayload = components['schemas']['FilePayload'];
type ProfilePicture = components['schemas']['ProfilePicture'];

/** Largest picture accepted, in bytes of the decoded file. */
export const MAX_PICTURE_BYTES = 2 * 1024 * 1024;
/** Edge of the stored square, in pixels (lists show it far smaller). */
const PICTURE_EDGE = 256;
const IMAGE_KINDS = new Set(['png', 'jpeg', 'gif', 'webp']);
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** User/ChangePicture. */
export async function changePicture(db: Db, session: Session, file: FilePayload): Promise<ProfilePicture> {
  const text = file.content.replace(/^data:[^,]*,/, '').replace(/\s+/g, '');
  if (!BASE64.test(text)) throw invalid('The picture is not base64 content.');
  // 4 characters of base64 carry 3 bytes: refuse before decoding anything too large.
  if (Math.floor((text.length * 3) / 4) > MAX_PICTURE_BYTES + 2) {
    throw invalid(`The picture is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB.`);
  }
  const bytes = Buffer.from(text, 'base64');
  if (bytes.length === 0) throw invalid('The picture is empty.');
  if (bytes.length > MAX_PICTURE_BYTES)
    throw invalid(`The picture is larger than ${MAX_PICTURE_BYTES / 1024 / 1024} MB.`);
  const type = detectFileType(bytes);
  if (!type || !IMAGE_KINDS.has(type.kind)) throw invalid('The picture must be a PNG, JPEG, GIF or WebP image.');
  let png: Buffer;
  try {
    png = await sharp(bytes, { limitInputPixels: 40_000_000, animated: false })
      .rotate()
      .resize(PICTURE_EDGE, PICTURE_EDGE, { fit: 'cover' })
      .png()
      .toBuffer();
  } catch {
    throw invalid('The picture cannot be read as an image.');
  }
  const dataUrl = `data:image/png;base64,${png.toString('base64')}`;
  await new UsersRepository(db).update(session.user.id, { profile_picture: dataUrl });
  return { userId: session.user.id, profilePicture: dataUrl };
}

/** User/GetProfilePicture: a member of the caller's tenant only (another tenant's user is not found). */
export async function pictureOf(db: Db, session: Session, userId: string): Promise<ProfilePicture> {
  const [found] = await new TenantMembersRepository(db, session.scope.tenantId).pictures([userId]);
  if (!found) throw notFound('No such user in this tenant.');
  return { userId: found.user_id, profilePicture: found.profile_picture };
}

/** User/GetProfilePicturesByUserId: unknown ids and users of other tenants are left out. */
export async function picturesOf(db: Db, session: Session, userIds: readonly string[]): Promise<ProfilePicture[]> {
  const unique = [...new Set(userIds.map((id) => id.toLowerCase()))];
  const rows = await new TenantMembersRepository(db, session.scope.tenantId).pictures(unique);
  const byId = new Map(rows.map((row) => [row.user_id, row.profile_picture]));
  return unique.filter((id) => byId.has(id)).map((id) => ({ userId: id, profilePicture: byId.get(id) ?? null }));
}
