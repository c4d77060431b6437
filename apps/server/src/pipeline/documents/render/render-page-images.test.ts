import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import {
  CorruptDocumentError,
  EncryptedDocumentError,
  ImageTooLargeError,
  UnsupportedFileTypeError,
} from '../errors.js';
import { readFixture } from '../testing/fixtures.js';
import { fitDpi, pdfRendererStatus, renderPageImages } from './render-page-images.js';

describe('renderPageImages', () => {
  it('has pdftoppm available', async () => {
    expect(await pdfRendererStatus()).toMatchObject({ isConfigured: true, reason: null });
  });

  it('renders a PDF page as a PNG at the requested dpi', async () => {
    const [page] = await renderPageImages(readFixture('edge_cases/pdf/crazyones.pdf'), { dpi: 72 });
    expect(page).toMatchObject({ pageNumber: 1, width: 612, height: 792, dpi: 72 });
    expect((await sharp(page?.png).metadata()).format).toBe('png');
  });

  it('renders only the pages asked for, with the page /Rotate applied', async () => {
    const pages = await renderPageImages(readFixture('pdfs/scanned/ocr_test_rotated_90.pdf'), {
      dpi: 36,
      pages: [1, 7],
    });
    expect(pages).toHaveLength(1);
    expect(pages[0]?.width).toBeGreaterThan(pages[0]?.height ?? 0); // portrait page shown landscape
  });

  it('turns pages by the rotations given (e.g. the orientation OCR found)', async () => {
    const [page] = await renderPageImages(readFixture('pdfs/scanned/ocr_test_rotated_90.pdf'), {
      dpi: 36,
      rotations: { 1: 90 },
    });
    expect(page?.height).toBeGreaterThan(page?.width ?? 0);
  });

  it('lowers the dpi of pages that would exceed the pixel budget', () => {
    expect(fitDpi(612, 792, 150, 40_000_000)).toBe(150);
    expect(fitDpi(14_400, 14_400, 150, 40_000_000)).toBe(31);
    expect(() => fitDpi(14_400, 14_400, 150, 1_000_000)).toThrow(ImageTooLargeError);
  });

  it('raises the typed PDF errors', async () => {
    await expect(renderPageImages(readFixture('edge_cases/pdf/r6-user-password.pdf'))).rejects.toBeInstanceOf(
      EncryptedDocumentError,
    );
    const [page] = await renderPageImages(readFixture('edge_cases/pdf/r6-user-password.pdf'), {
      password: 'asdfzxcv',
      dpi: 20,
    });
    expect(page?.width).toBeGreaterThan(0);
  });

  it('renders images upright (EXIF orientation applied)', async () => {
    const [page] = await renderPageImages(readFixture('images/tesseractjs/simple-90.jpg'));
    // Stored 180×320 with Orientation=6: upright it is landscape.
    expect(page).toMatchObject({ width: 320, height: 180 });
  });

  it('refuses the decompression-bomb GIF quickly, before decoding it', async () => {
    const started = performance.now();
    const error = await renderPageImages(readFixture('edge_cases/images/decompression_bomb.gif')).catch(
      (e: unknown) => e,
    );
    expect(error).toBeInstanceOf(ImageTooLargeError);
    expect((error as Error).message).toMatch(/^The image is too large to process safely \(65535×1321 pixels declared/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('gets through the PNG with an oversized compressed text chunk without hanging', async () => {
    const started = performance.now();
    const outcome = await renderPageImages(readFixture('edge_cases/images/png_decompression_dos.png')).catch(
      (e: unknown) => e,
    );
    if (outcome instanceof Error) expect(outcome).toBeInstanceOf(CorruptDocumentError);
    else expect((outcome as { width: number }[])[0]).toMatchObject({ width: 1, height: 1 });
    expect(performance.now() - started).toBeLessThan(5000);
  });

  it.each(['broken.png', 'truncated_image.png', 'truncated_jpeg.jpg'])(
    'reports %s as a damaged image',
    async (name) => {
      const error = await renderPageImages(readFixture(`edge_cases/images/${name}`)).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(CorruptDocumentError);
      expect((error as Error).message).toMatch(/^The image is damaged and cannot be read: /);
    },
  );

  it('renders a CMYK JPEG and refuses audio', async () => {
    expect((await renderPageImages(readFixture('edge_cases/images/cmyk.jpg')))[0]).toMatchObject({
      width: 100,
      height: 100,
    });
    await expect(renderPageImages(readFixture('audio/jfk.wav'))).rejects.toBeInstanceOf(UnsupportedFileTypeError);
  });
});
