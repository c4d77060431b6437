// The processing stages in pipeline order, for the worker runtime (src/pipeline/worker): each takes
// tasks waiting in its `queued` status (see worker/stage.ts for the seam).
//   pre-processing   30 → 31 → 34 → 40 (or → 101 when the workspace splits the document)
//   recognition      40 → 41 → 43 → 50
//   post-processing  50 → 51 → 53 → 60 (or → 90 when the task skips review)
//   export           90 → 91 → 93 → 100 (export.ts)
import type { Stage } from '../worker/stage.js';
import { exportStage } from './export.js';
import { postProcessing } from './post-processing.js';
import { preProcessing } from './pre-processing.js';
import { recognition } from './recognition.js';

export const stages: Stage[] = [preProcessing, recognition, postProcessing, exportStage];

export { exportStage, postProcessing, preProcessing, recognition };
