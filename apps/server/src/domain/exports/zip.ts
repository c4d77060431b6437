// A minimal zip writer (PKWARE APPNOTE 6.3): deflated entries, UTF-8 names (flag bit 11), no
// zip64 — enough for export bundles, which stay far below 4 GiB and 65,535 entries (checked).
// Written here because node:zlib compresses but does not write zip archives and the server has
// no zip dependency.
import { crc32, deflateRawSync } from 'node:zlib';

export interface ZipEntry {
  name: string;
  bytes: Uint8Array;
  modified?: Date;
}

const UTF8_NAMES = 0x0800;
const DEFLATE = 8;
const STORE = 0;
const LIMIT = 0xffffffff;

/** MS-DOS time and date of the entry (local time, 2-second resolution, from 1980). */
function dosDateTime(date: Date): { time: number; date: number } {
  const year = Math.max(1980, date.getFullYear());
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((year - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  };
}

/** Names unique within the archive: "a.json", "a (2).json", … (case-insensitive, as Windows unzips). */
export function uniqueNames(names: readonly string[]): string[] {
  const taken = new Set<string>();
  return names.map((name) => {
    const dot = name.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ''];
    let candidate = name;
    for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${n})${ext}`;
    taken.add(candidate.toLowerCase());
    return candidate;
  });
}

export function zip(entries: readonly ZipEntry[]): Buffer {
  if (entries.length > 0xffff) throw new Error('A zip without zip64 holds at most 65,535 entries.');
  const locals: Buffer[] = [];
  const centrals: Buffer[] = [];
  let offset = 0;
  for (const entry of entries) {
    const name = Buffer.from(entry.name.replace(/\\/g, '/'), 'utf8');
    const raw = Buffer.from(entry.bytes.buffer, entry.bytes.byteOffset, entry.bytes.byteLength);
    const deflated = deflateRawSync(raw);
    // Already-compressed content (xlsx is itself a zip) can grow when deflated: store it then.
    const [method, data] = deflated.length < raw.length ? [DEFLATE, deflated] : [STORE, raw];
    if (raw.length >= LIMIT || offset >= LIMIT) throw new Error('A zip without zip64 holds at most 4 GiB.');
    const crc = crc32(raw);
    const { time, date } = dosDateTime(entry.modified ?? new Date());

    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4); // version needed: 2.0 (deflate)
    local.writeUInt16LE(UTF8_NAMES, 6);
    local.writeUInt16LE(method, 8);
    local.writeUInt16LE(time, 10);
    local.writeUInt16LE(date, 12);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(raw.length, 22);
    local.writeUInt16LE(name.length, 26);
    local.writeUInt16LE(0, 28);
    locals.push(local, name, data);

    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    // Made by Unix, 2.0: Info-ZIP treats names of archives "made by" MS-DOS as OEM code page text
    // even with the UTF-8 flag, which would mangle "São Paulo".
    central.writeUInt16LE((3 << 8) | 20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(UTF8_NAMES, 8);
    central.writeUInt16LE(method, 10);
    central.writeUInt16LE(time, 12);
    central.writeUInt16LE(date, 14);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(raw.length, 24);
    central.writeUInt16LE(name.length, 28);
    central.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
    central.writeUInt32LE(offset, 42); // comment length, disk and internal attributes stay 0
    centrals.push(central, name);

    offset += local.length + name.length + data.length;
  }
  const directory = Buffer.concat(centrals);
  if (offset >= LIMIT) throw new Error('A zip without zip64 holds at most 4 GiB.');
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(directory.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directory, end]);
}
