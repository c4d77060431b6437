import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { EngineFailedError } from '../errors.js';
import { readFixture } from '../testing/fixtures.js';
import { decodeUpright, decodeUprightPixels } from './decode-image.js';
import { parsePnm, pnmFileOf, rememberPnmFile, sharpOfRaw, toPnm, toRawImage } from './raw-image.js';

describe('raw page images', () => {
  it('holds the pixels decodeUpright codes into its PNG, grey and colour', async () => {
    for (const name of [
      'images/tesseractjs/simple.png',
      'images/invoice2data/oyo.png',
      'images/tesseractjs/simple-90.jpg',
    ]) {
      const bytes = readFixture(name);
      const { image } = await decodeUprightPixels(bytes);
      const png = await decodeUpright(bytes);
      const fromPng = await toRawImage(sharp(png.png));
      expect({ width: image.width, height: image.height }).toEqual({ width: png.width, height: png.height });
      expect(image.channels).toBe(fromPng.channels);
      expect(image.data.equals(fromPng.data)).toBe(true);
    }
  });

  it('writes and reads binary PNM (P5 grey, P6 colour) without changing a pixel', async () => {
    const grey = { data: Buffer.from([0, 64, 128, 255, 1, 2]), width: 3, height: 2, channels: 1 as const };
    const colour = { data: Buffer.from([...Array(12).keys()]), width: 2, height: 2, channels: 3 as const };
    for (const image of [grey, colour]) {
      const back = parsePnm(toPnm(image));
      expect(back).toMatchObject({ width: image.width, height: image.height, channels: image.channels });
      expect(back.data.equals(image.data)).toBe(true);
    }
    expect(toPnm(grey).subarray(0, 11).toString('latin1')).toBe('P5\n3 2\n255\n');
    // sharp reads the pixels the same way.
    const { data } = await sharpOfRaw(colour).raw().toBuffer({ resolveWithObject: true });
    expect(data.equals(colour.data)).toBe(true);
  });

  it('writes an image for tesseract once, and not at all when a rendered file holds it', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'raw-image-test-'));
    try {
      const image = { data: Buffer.from([1, 2, 3, 4]), width: 2, height: 2, channels: 1 as const };
      const path = await pnmFileOf(image, directory, 'page');
      expect((await readFile(path)).equals(toPnm(image))).toBe(true);
      expect(await pnmFileOf(image, directory, 'again')).toBe(path);
      const rendered = { ...image };
      rememberPnmFile(rendered, '/rendered/page.pgm');
      expect(await pnmFileOf(rendered, directory, 'page')).toBe('/rendered/page.pgm');
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('keeps a grey image grey through a pipeline (turned, enlarged)', async () => {
    const grey = { data: Buffer.alloc(40 * 30, 180), width: 40, height: 30, channels: 1 as const };
    expect(await toRawImage(sharpOfRaw(grey).rotate(90))).toMatchObject({ width: 30, height: 40, channels: 1 });
    expect(await toRawImage(sharpOfRaw(grey).resize(80))).toMatchObject({ width: 80, channels: 1 });
  });

  it('reads a PNM header with comments, as some writers add', () => {
    const bytes = Buffer.concat([Buffer.from('P5\n# made by a scanner\n2 1\n255\n', 'latin1'), Buffer.from([7, 9])]);
    expect(parsePnm(bytes)).toMatchObject({ width: 2, height: 1, channels: 1 });
  });

  it('refuses what is not an 8-bit PNM or is cut short', () => {
    expect(() => parsePnm(Buffer.from('\x89PNG\r\n'))).toThrow(EngineFailedError);
    expect(() => parsePnm(Buffer.from('P5\n4 4\n255\n\x00\x00', 'latin1'))).toThrow(/cut short/);
    expect(() => parsePnm(Buffer.from('P5\n1 1\n65535\n\x00\x00', 'latin1'))).toThrow(/8-bit/);
  });
});
