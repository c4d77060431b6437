// The processing stages of this server (src/pipeline/stages/index.ts exports `stages: Stage[]`).
// Imported only when a process starts workers, so an API-only server (WORKERS=0) and the API tests
// never load the engines behind them (pdf.js, sharp, tesseract, speech).
import type { Stage } from './stage.js';

export async function loadStages(): Promise<Stage[]> {
  const { stages } = await import('../stages/index.js');
  return stages;
}
