// The resolution handed to tesseract. An image's stored resolution is often not its real one:
// scanners and phones write 72 or 96 dpi into 300 dpi scans, and an image saved without one is
// given 72 by the decoder. Tesseract sizes its notion of "small text" and noise by this number,
// so a wrong one is worse than none (without one, tesseract estimates it from the text itself).
// The stored value is kept only when the paper it implies is a real paper size and the height of
// the text lines agrees with it.

/** Longest side of a document page: A3 is 16.5 inches, a long till receipt is photographed in parts. */
const MAX_PAPER_INCHES = 17;
/**
 * Height of a line of text (ascenders to descenders) as measured by text-lines.ts on printed
 * documents: about 0.08 inch, 5–6 points of 9–11 point type (measured on pages rendered at a
 * known resolution).
 */
const TYPICAL_LINE_INCHES = 0.08;
/** Body text runs from 7 to 14 points: half or twice the typical line is still ordinary type. */
const MAX_DISAGREEMENT = 2;

export interface ResolutionEvidence {
  /** The resolution stored in the file; null when it says none. */
  stated: number | null;
  width: number;
  height: number;
  /** Median height of the text lines in pixels (text-lines.ts), null when not measured. */
  lineHeight: number | null;
}

/** The resolution implied by the text lines' height, or null without them. */
export function resolutionFromText(lineHeight: number | null): number | null {
  return lineHeight && lineHeight > 0 ? lineHeight / TYPICAL_LINE_INCHES : null;
}

/**
 * The stored resolution when the image bears it out; undefined otherwise, so tesseract estimates
 * the resolution from the text (its estimate reads the characters' x-height, finer than ours).
 */
export function trustedResolution(evidence: ResolutionEvidence): number | undefined {
  const { stated, width, height } = evidence;
  if (!stated || stated <= 0) return undefined;
  if (Math.max(width, height) / stated > MAX_PAPER_INCHES) return undefined;
  const fromText = resolutionFromText(evidence.lineHeight);
  if (fromText && (fromText / stated > MAX_DISAGREEMENT || stated / fromText > MAX_DISAGREEMENT)) return undefined;
  return stated;
}
