// The recording's waveform peaks at the resolution a view needs (the signed waveform URL with
// `?pairs=N`): the transcript editor's first paint of a 3-hour recording wants one column per pixel
// of its strip — a few thousand pairs, tens of kB — not the half a million pairs (~6 MB of JSON)
// pre-processing stores for zooming in. The stored document is parsed once per replica into 16-bit
// values and kept for the few recordings opened last, so each view is a merge over an array.
import type { BlobRow } from '../../db/schema.js';
import { coarserPeaks, type WaveformPeaks } from '../../formats/waveform-peaks.js';
import type { BlobStorage } from '../../storage/blob-storage.js';

/** The most pairs a view may ask for: beyond the stored resolution nothing is gained anyway. */
export const MAX_VIEW_PAIRS = 10_000_000;

/** Recordings whose parsed peaks stay in memory (~2 MB each for 3 hours at 50 pairs a second). */
const KEPT = 4;

type ParsedPeaks = Omit<WaveformPeaks, 'data'> & { data: Int16Array };

/** Parsed peaks by storage key, most recently used last (blobs never change under their key). */
const parsed = new Map<string, Promise<ParsedPeaks>>();

function parsedPeaks(storage: BlobStorage, blob: Pick<BlobRow, 'storage_key'>): Promise<ParsedPeaks> {
  const key = blob.storage_key;
  let peaks = parsed.get(key);
  if (peaks) parsed.delete(key);
  else {
    peaks = storage.readAll(key).then((bytes) => {
      const document = JSON.parse(bytes.toString('utf8')) as WaveformPeaks;
      return { ...document, data: Int16Array.from(document.data) };
    });
    // A failed read is not kept: the next view tries again.
    peaks.catch(() => parsed.delete(key));
  }
  parsed.set(key, peaks);
  for (const oldest of parsed.keys()) {
    if (parsed.size <= KEPT) break;
    parsed.delete(oldest);
  }
  return peaks;
}

/** The stored peaks merged down to at most `maxPairs` pairs per channel. */
export async function waveformAtResolution(
  storage: BlobStorage,
  blob: Pick<BlobRow, 'storage_key'>,
  maxPairs: number,
): Promise<WaveformPeaks> {
  return coarserPeaks(await parsedPeaks(storage, blob), maxPairs);
}

/**
 * Reads and parses the peaks ahead of the view that will ask for them (the editor asks right after
 * the transcript's data); a failure here is the view's to report, not the caller's.
 */
export function prepareWaveform(storage: BlobStorage, blob: Pick<BlobRow, 'storage_key'>): void {
  parsedPeaks(storage, blob).catch(() => undefined);
}
