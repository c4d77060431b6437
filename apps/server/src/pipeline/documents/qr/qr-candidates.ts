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

/** The image being scanned, with the summed-area tables made for it so far (darkSums). */
interface ScannedImage extends GreyImage {
  sums: Map<number, Int32Array>;
}

interface Finder {
  x: number;
  y: number;
  size: number;
  /** Rows (and thresholds) that crossed it: a real pattern's centre is crossed by several rows. */
  hits: number;
}

export function mayHoldQrCode(page: GreyImage): boolean {
  const image: ScannedImage = { ...page, sums: new Map() };
  const finders: Finder[] = [];
  for (const threshold of THRESHOLDS) {
    for (let y = 0; y < image.height; y += ROW_STEP) {
      if (scanRow(image, y, threshold, finders)) return true;
    }
  }
  return false;
}

/**
 * Adds the finder patterns crossed by row `y` (checked down their centre column) to `finders`;
 * true as soon as three of them lie as a code's do.
 */
function scanRow(image: ScannedImage, y: number, threshold: number, finders: Finder[]): boolean {
  const { data, width } = image;
  const offset = y * width;
  // The last five run lengths, r5 the newest, which ends where the colour changes.
  let r1 = 0;
  let r2 = 0;
  let r3 = 0;
  let r4 = 0;
  let r5 = 0;
  let dark = (data[offset] as number) < threshold;
  let runStart = 0;
  for (let x = 1; x <= width; x++) {
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
  const { data, width, height } = image;
  const isCode = (row: number) => (data[row * width + x] as number) < threshold === codeIsDark;
  const limit = size * 2;
  // From the centre outwards: the rest of the centre run, the gap, the ring; the same upwards.
  const walk = (step: 1 | -1): [number, number, number] | null => {
    const lengths: [number, number, number] = [0, 0, 0];
    let row = y;
    for (let part = 0; part < 3; part++) {
      const wanted = part !== 1;
      while (row >= 0 && row < height && isCode(row) === wanted && Math.abs(row - y) <= limit) {
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
  };
  const down = walk(1);
  if (!down) return false;
  const up = walk(-1);
  if (!up) return false;
  // The centre row is counted in both walks.
  const tall = up[0] + down[0] + up[1] + down[1] + up[2] + down[2] - 1;
  return (
    matchesFinder(up[2], up[1], up[0] + down[0] - 1, down[1], down[2]) && Math.abs(tall - size) <= SIZE_SLACK * size
  );
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
  const sums = darkSums(image, threshold);
  const stride = image.width + 1;
  const dark =
    (sums[bottom * stride + right] as number) -
    (sums[top * stride + right] as number) -
    (sums[bottom * stride + left] as number) +
    (sums[top * stride + left] as number);
  const share = codeIsDark ? dark / area : 1 - dark / area;
  return share >= FILL.min && share <= FILL.max;
}

/**
 * Dark pixels above and left of each point at this threshold (a summed-area table), made once per
 * threshold when a page first has three finders to check, so each check costs four reads.
 */
function darkSums(image: ScannedImage, threshold: number): Int32Array {
  const known = image.sums.get(threshold);
  if (known) return known;
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
