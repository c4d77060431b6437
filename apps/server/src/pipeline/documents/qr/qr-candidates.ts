// Whether a page image (or a rendered region of a page) may hold a QR code, decided in milliseconds
// so zbar (about 100 ms of CPU a 150 dpi page) reads only the images that may. A QR code has three
// finder patterns: a square ring around a square, crossed by any line through its centre as
// runs in the proportions 1:1:3:1:1, across and down; the three lie at the corners of a right
// isosceles triangle, and the square they span is about half dark. Rows are cut at a few grey
// thresholds (light-grey codes as well as black ones) and read in both polarities (light codes on
// dark, as zbar's test-inverted reads). Lenient where a code might be lost: a page of text now and
// then passes and is read by zbar for nothing, but a code zbar can read must not fail it (measured
// on every fixture PDF page: tests/bench/README.md).

export interface GreyImage {
  /** One byte per pixel, rows top to bottom, 0 = black. */
  data: Uint8Array;
  width: number;
  height: number;
}

/** Thresholds the rows are cut at: black codes, grey codes, light-grey codes. */
const THRESHOLDS = [96, 160, 216] as const;
/** Every second row: a finder's centre is at least three modules (≥ 6 px at 150 dpi) tall. */
const ROW_STEP = 2;
/** A finder pattern is 7 modules across; smaller than this many pixels zbar cannot read it either. */
const MIN_FINDER_PX = 7;
/** How far a run may stray from its share of the pattern, in modules. */
const TOLERANCE = 0.5;

/** The image being scanned, with what looksFilled has counted on it (darkCount). */
interface ScannedImage extends GreyImage {
  sums: Map<number, Int32Array>;
  /** Pixels counted one by one so far (darkCount). */
  counted: number;
}

interface Finder {
  x: number;
  y: number;
  size: number;
  /** Rows (and thresholds) that crossed it: a real pattern's centre is crossed by several rows. */
  hits: number;
}

export function mayHoldQrCode(page: GreyImage): boolean {
  const image: ScannedImage = { ...page, sums: new Map(), counted: 0 };
  const changes = valueChanges(image);
  const finders: Finder[] = [];
  for (const threshold of THRESHOLDS) {
    for (let y = 0, row = 0; y < image.height; y += ROW_STEP, row++) {
      if (scanRow(image, y, threshold, finders, changes, row)) return true;
    }
  }
  return false;
}

/** Where the grey value changes along each scanned row (valueChanges). */
interface ValueChanges {
  /** The columns where a pixel differs from the one before it, row after row. */
  at: Int32Array;
  /** Row r's changes are at[rowStarts[r]] … at[rowStarts[r + 1] − 1]. */
  rowStarts: Int32Array;
}

/**
 * The columns where each scanned row's grey value changes, found in one pass. Between two changes
 * the pixels are all of one value, so of one colour at every threshold: each threshold's scan
 * reads only the changes instead of every pixel again, and most of a page image is paper around
 * and between the lines, of one value.
 */
function valueChanges(image: GreyImage): ValueChanges {
  const { data, width, height } = image;
  const rows = Math.ceil(height / ROW_STEP);
  const rowStarts = new Int32Array(rows + 1);
  let at = new Int32Array(Math.max(1024, Math.min(width * rows, 1 << 20)));
  let count = 0;
  for (let y = 0, row = 0; y < height; y += ROW_STEP, row++) {
    rowStarts[row] = count;
    if (at.length - count < width) {
      const grown = new Int32Array(Math.max(2 * at.length, count + width));
      grown.set(at.subarray(0, count));
      at = grown;
    }
    const offset = y * width;
    let previous = data[offset] as number;
    for (let x = 1; x < width; x++) {
      const value = data[offset + x] as number;
      if (value !== previous) {
        at[count++] = x;
        previous = value;
      }
    }
  }
  rowStarts[rows] = count;
  return { at, rowStarts };
}

/**
 * Adds the finder patterns crossed by row `y` (checked down their centre column) to `finders`;
 * true as soon as three of them lie as a code's do. Only the columns where the row's value
 * changes can end a run (valueChanges), and the row's end.
 */
function scanRow(
  image: ScannedImage,
  y: number,
  threshold: number,
  finders: Finder[],
  changes: ValueChanges,
  row: number,
): boolean {
  const { data, width } = image;
  const offset = y * width;
  const { at } = changes;
  const last = changes.rowStarts[row + 1] as number;
  // The last five run lengths, r5 the newest, which ends where the colour changes.
  let r1 = 0;
  let r2 = 0;
  let r3 = 0;
  let r4 = 0;
  let r5 = 0;
  let dark = (data[offset] as number) < threshold;
  let runStart = 0;
  for (let change = changes.rowStarts[row] as number; change <= last; change++) {
    const x = change < last ? (at[change] as number) : width;
    const isDark = x < width && (data[offset + x] as number) < threshold;
    if (x < width && isDark === dark) continue;
    r1 = r2;
    r2 = r3;
    r3 = r4;
    r4 = r5;
    r5 = x - runStart;
    // The pattern starts on a run of the code's colour (dark for a dark code, light for a light
    // one: both are tried); r5 has the colour that just ended, which r3, the centre, shares.
    if (matchesFinder(r1, r2, r3, r4, r5)) {
      const size = r1 + r2 + r3 + r4 + r5;
      const centreX = x - r5 - r4 - Math.ceil(r3 / 2);
      if (crossesDown(image, centreX, y, threshold, dark, size)) {
        if (addFinder(finders, { x: centreX, y, size, hits: 1 }, image, threshold, dark)) return true;
      }
    }
    dark = isDark;
    runStart = x;
  }
  return false;
}

/** Five run lengths in the proportions 1:1:3:1:1, within the tolerance. */
function matchesFinder(a: number, b: number, c: number, d: number, e: number): boolean {
  if (a === 0) return false;
  const total = a + b + c + d + e;
  if (total < MIN_FINDER_PX) return false;
  const module = total / 7;
  const slack = module * TOLERANCE;
  return (
    Math.abs(a - module) <= slack &&
    Math.abs(b - module) <= slack &&
    Math.abs(c - 3 * module) <= 3 * slack &&
    Math.abs(d - module) <= slack &&
    Math.abs(e - module) <= slack
  );
}

/**
 * Whether column `x` through row `y` (inside the centre run, of the code's colour) shows the same
 * pattern going up and down, about as tall as the row's pattern is wide.
 */
function crossesDown(
  image: GreyImage,
  x: number,
  y: number,
  threshold: number,
  codeIsDark: boolean,
  size: number,
): boolean {
  // From the centre outwards: the rest of the centre run, the gap, the ring; the same upwards.
  const down = walkColumn(image, x, y, threshold, codeIsDark, size * 2, 1);
  if (!down) return false;
  const up = walkColumn(image, x, y, threshold, codeIsDark, size * 2, -1);
  if (!up) return false;
  // The centre row is counted in both walks.
  const tall = up[0] + down[0] + up[1] + down[1] + up[2] + down[2] - 1;
  return (
    matchesFinder(up[2], up[1], up[0] + down[0] - 1, down[1], down[2]) && Math.abs(tall - size) <= SIZE_SLACK * size
  );
}

/**
 * The runs of column `x` from row `y` one way (`step`), at most `limit` rows: the code's colour
 * (the rest of the centre), the other colour (the gap), the code's colour (the ring); null when
 * one is missing. A plain function, not a closure made for every candidate crossesDown checks.
 */
function walkColumn(
  image: GreyImage,
  x: number,
  y: number,
  threshold: number,
  codeIsDark: boolean,
  limit: number,
  step: 1 | -1,
): [number, number, number] | null {
  const { data, width, height } = image;
  const lengths: [number, number, number] = [0, 0, 0];
  let row = y;
  for (let part = 0; part < 3; part++) {
    const wanted = part !== 1;
    while (
      row >= 0 &&
      row < height &&
      ((data[row * width + x] as number) < threshold === codeIsDark) === wanted &&
      Math.abs(row - y) <= limit
    ) {
      lengths[part] = (lengths[part] as number) + 1;
      row += step;
    }
    if (lengths[part] === 0 || row < 0 || row >= height || Math.abs(row - y) > limit) {
      // The ring may end at the image's edge.
      if (part === 2 && lengths[part] > 0) return lengths;
      return null;
    }
  }
  return lengths;
}

/**
 * Records a finder pattern; true when it and two found before lie as a code's three do: about the
 * same size, at the corners of a right isosceles triangle (its legs at least a pattern and a half
 * long), spanning a square about half of the code's colour.
 */
function addFinder(
  finders: Finder[],
  found: Finder,
  image: ScannedImage,
  threshold: number,
  codeIsDark: boolean,
): boolean {
  // One finder is crossed by several rows and thresholds: kept once, with the rows counted.
  const same = finders.find(
    (other) => Math.abs(other.x - found.x) < other.size / 2 && Math.abs(other.y - found.y) < other.size / 2,
  );
  if (!same) {
    finders.push(found);
    return false;
  }
  same.hits++;
  if (same.hits !== MIN_HITS) return false;
  const newest = same;
  const similar = finders.filter(
    (other) =>
      other !== newest &&
      other.hits >= MIN_HITS &&
      Math.abs(other.size - newest.size) <= SIZE_SLACK * Math.max(other.size, newest.size),
  );
  for (let i = 0; i < similar.length; i++) {
    for (let j = i + 1; j < similar.length; j++) {
      const corners = [newest, similar[i] as Finder, similar[j] as Finder] as const;
      if (rightIsosceles(...corners) && looksFilled(image, corners, threshold, codeIsDark)) return true;
    }
  }
  return false;
}

const SIZE_SLACK = 0.4;
const MIN_HITS = 2;
const SHAPE_SLACK = 0.1;

/**
 * Whether a, b, c (in any order) are the corners of a right isosceles triangle: the corner opposite
 * the longest side sees the other two at right angles and at the same distance.
 */
function rightIsosceles(a: Finder, b: Finder, c: Finder): boolean {
  const size = Math.max(a.size, b.size, c.size);
  for (const [corner, p, q] of [
    [a, b, c],
    [b, a, c],
    [c, a, b],
  ] as const) {
    const u = { x: p.x - corner.x, y: p.y - corner.y };
    const v = { x: q.x - corner.x, y: q.y - corner.y };
    const lu = Math.hypot(u.x, u.y);
    const lv = Math.hypot(v.x, v.y);
    if (Math.min(lu, lv) < 1.5 * size) continue;
    const cosine = (u.x * v.x + u.y * v.y) / (lu * lv);
    if (Math.abs(cosine) <= SHAPE_SLACK && Math.abs(lu - lv) <= SHAPE_SLACK * Math.max(lu, lv)) return true;
  }
  return false;
}

/** Share of the code's colour in a code's modules: about half (finders, timing, data, masked). */
const FILL = { min: 0.35, max: 0.65 } as const;

/**
 * Whether the square spanned by three finder patterns is about half of the code's colour, as a
 * code's modules are: three letters "O" at a table's corners are not.
 */
function looksFilled(image: ScannedImage, corners: readonly Finder[], threshold: number, codeIsDark: boolean): boolean {
  const half = Math.max(...corners.map((corner) => corner.size)) / 2;
  const left = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.x)) - half));
  const right = Math.min(image.width, Math.ceil(Math.max(...corners.map((c) => c.x)) + half));
  const top = Math.max(0, Math.floor(Math.min(...corners.map((c) => c.y)) - half));
  const bottom = Math.min(image.height, Math.ceil(Math.max(...corners.map((c) => c.y)) + half));
  const area = (right - left) * (bottom - top);
  if (area <= 0) return false;
  const dark = darkCount(image, threshold, left, top, right, bottom);
  const share = codeIsDark ? dark / area : 1 - dark / area;
  return share >= FILL.min && share <= FILL.max;
}

/**
 * The dark pixels at this threshold in [left, right) × [top, bottom): counted one by one while the
 * squares checked on the image add up to less than the image (most images have a check or none),
 * then from a summed-area table made once per threshold, so each further check costs four reads.
 */
function darkCount(
  image: ScannedImage,
  threshold: number,
  left: number,
  top: number,
  right: number,
  bottom: number,
): number {
  const area = (right - left) * (bottom - top);
  let sums = image.sums.get(threshold);
  if (!sums && image.counted + area <= image.width * image.height) {
    image.counted += area;
    const { data, width } = image;
    let dark = 0;
    for (let y = top; y < bottom; y++) {
      for (let x = y * width + left, end = y * width + right; x < end; x++) if ((data[x] as number) < threshold) dark++;
    }
    return dark;
  }
  sums ??= darkSums(image, threshold);
  const stride = image.width + 1;
  return (
    (sums[bottom * stride + right] as number) -
    (sums[top * stride + right] as number) -
    (sums[bottom * stride + left] as number) +
    (sums[top * stride + left] as number)
  );
}

/** Dark pixels above and left of each point at this threshold (a summed-area table). */
function darkSums(image: ScannedImage, threshold: number): Int32Array {
  const { data, width, height } = image;
  const stride = width + 1;
  const sums = new Int32Array(stride * (height + 1));
  for (let y = 0; y < height; y++) {
    let row = 0;
    const offset = y * width;
    for (let x = 0; x < width; x++) {
      if ((data[offset + x] as number) < threshold) row++;
      sums[(y + 1) * stride + x + 1] = (sums[y * stride + x + 1] as number) + row;
    }
  }
  image.sums.set(threshold, sums);
  return sums;
}
