import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { readFixture } from '../testing/fixtures.js';
import { readDeclaredDimensions } from './image-dimensions.js';

describe('readDeclaredDimensions', () => {
  it('reads the largest frame a GIF declares, not just its logical screen', () => {
    expect(readDeclaredDimensions('gif', readFixture('edge_cases/images/decompression_bomb.gif'))).toEqual({
      width: 65535,
      height: 1321,
    });
  });

  it('gives up on a PNG whose header chunk is not IHDR (broken.png)', () => {
    expect(readDeclaredDimensions('png', readFixture('edge_cases/images/broken.png'))).toBeNull();
  });

  it('reads PNG and JPEG headers', () => {
    expect(readDeclaredDimensions('png', readFixture('images/tesseractjs/testocr.png'))).toEqual({
      width: 640,
      height: 480,
    });
    expect(readDeclaredDimensions('jpeg', readFixture('edge_cases/images/flower_no_text.jpg'))).toEqual({
      width: 480,
      height: 360,
    });
  });

  it('reads WebP headers', async () => {
    const webp = await sharp({ create: { width: 33, height: 17, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    expect(readDeclaredDimensions('webp', webp)).toEqual({ width: 33, height: 17 });
  });
});
