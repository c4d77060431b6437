// The processing pipeline of a workspace, as data the workers read: pre-processing steps, ONE
// recognizer step (chosen by the workspace's recognizer, which defaults by task type: pdf.js text
// layer, tesseract OCR or offline speech recognition), post-processing steps and integration steps.
// Step ids name the engines in src/pipeline. A step without an engine in this server is a
// placeholder (isPlaceholder: true) and is reported as such, never faked.
//
// The pipeline id is derived from the workspace id, so every replica computes the same one; a
// stored override (step configuration, queue redirects) can later be keyed by it.
import { createHash } from 'node:crypto';
import type { WorkspaceRow } from '../../db/schema.js';
import { type RecognizerName, type TaskTypeTemplate, templateOf } from './task-type-catalogue.js';

export interface StepInfo {
  stepId: string;
  displayName: string;
  description: string;
  isPlaceholder: boolean;
}

const step = (stepId: string, displayName: string, description: string, isPlaceholder = false): StepInfo => ({
  stepId,
  displayName,
  description,
  isPlaceholder,
});

/** Every step a pipeline can hold. */
export const STEPS: Record<string, StepInfo> = Object.fromEntries(
  [
    step(
      'preprocess.validate-file',
      'Check the file',
      'Real file type from its bytes, size and extension limits of the workspace.',
    ),
    step(
      'preprocess.inspect-document',
      'Read the document',
      'Page count, text layer and encryption of PDFs; dimensions of images.',
    ),
    step(
      'preprocess.split',
      'Split into chunks',
      'Splits long files into chunks by pages or minutes, as the workspace says.',
    ),
    step(
      'preprocess.render-pages',
      'Render pages',
      'Page images for the viewer (poppler for PDFs, libvips for images).',
    ),
    step(
      'preprocess.probe-media',
      'Read the recording',
      'Duration, audio and video streams of the recording (ffprobe).',
    ),
    step('recognizer.pdfminer', 'PDF text layer', 'Words with positions from the PDF text layer (pdf.js).'),
    step('recognizer.tesseract', 'OCR (tesseract)', 'Text recognition of scans and photos with tesseract.'),
    step(
      'recognizer.pocketsphinx',
      'Speech recognition',
      'Offline speech recognition of audio and video (or a Whisper-compatible service).',
    ),
    step('postprocess.detect-fields', 'Detect fields', 'Invoice and receipt fields found by their labels.'),
    step('postprocess.detect-tables', 'Detect tables', 'Tables from column alignment.'),
    step('postprocess.detect-qr-codes', 'Read QR codes', 'QR codes, including the Portuguese fiscal QR code.'),
    step(
      'postprocess.detect-pii',
      'Find personal data',
      'Names, e-mail addresses, phone numbers, IBANs and tax ids for anonymisation.',
    ),
    step('postprocess.waveform', 'Waveform', 'Pre-computed waveform peaks for the transcript editor.'),
    step(
      'postprocess.summarize',
      'Summarise',
      'Summary of the transcript (no summarisation engine in this server).',
      true,
    ),
    step(
      'postprocess.translate',
      'Translate',
      "Translates the document's text into the target language (Apertium offline, or the translation service the server is configured with).",
    ),
    step(
      'integration.store-results',
      'Keep results',
      'Keeps the reviewed result in Reviewdesk for exports and sharing.',
    ),
  ].map((s) => [s.stepId, s]),
);

export interface PipelineIds {
  pipelineId: string;
  tenantCode: string | null;
  workspaceId: string;
  preProcessingStepIds: string[];
  recognizerStepId: string | null;
  postProcessingStepIds: string[];
  integrationStepIds: string[];
}

/** A stable uuid for the workspace's pipeline. */
export function pipelineIdOf(workspaceId: string): string {
  const hex = createHash('sha1').update(`reviewdesk-pipeline:${workspaceId}`).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 18), 16) & 0x3f) | 0x80).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(18, 20)}-${hex.slice(20, 32)}`;
}

function recognizerOf(row: WorkspaceRow, template: TaskTypeTemplate): RecognizerName {
  const config = (typeof row.configuration === 'string' ? JSON.parse(row.configuration) : row.configuration) as {
    recognizerServiceName?: string;
  };
  const named = config?.recognizerServiceName;
  if (template.media) return 'pocketsphinx';
  return named === 'tesseract' || named === 'pdfminer' ? named : template.recognizer;
}

function postProcessing(template: TaskTypeTemplate): string[] {
  switch (template.taskType) {
    case 'Invoice':
    case 'Receipt':
      return ['postprocess.detect-fields', 'postprocess.detect-tables', 'postprocess.detect-qr-codes'];
    case 'DocumentAnonymization':
    case 'ImageAnonymization':
      return ['postprocess.detect-pii'];
    case 'Transcript':
    case 'Subtitles':
      return ['postprocess.waveform'];
    case 'TranscriptSummarization':
      return ['postprocess.waveform', 'postprocess.summarize'];
    case 'Translation':
      return ['postprocess.translate'];
    case 'Labelling':
    case 'CustomTrainTemplate':
    case 'CustomTrainNeural':
      return [];
    default:
      return ['postprocess.detect-tables'];
  }
}

/** The pipeline of a workspace (step ids). */
export function pipelineOf(row: WorkspaceRow, tenantCode: string | null = null): PipelineIds {
  const template = templateOf(row.task_type);
  const pre = template.media
    ? ['preprocess.validate-file', 'preprocess.probe-media', 'preprocess.split']
    : ['preprocess.validate-file', 'preprocess.inspect-document', 'preprocess.split', 'preprocess.render-pages'];
  return {
    pipelineId: pipelineIdOf(row.id),
    tenantCode,
    workspaceId: row.id,
    preProcessingStepIds: pre,
    recognizerStepId: `recognizer.${recognizerOf(row, template)}`,
    postProcessingStepIds: postProcessing(template),
    integrationStepIds: ['integration.store-results'],
  };
}

const stepOf = (id: string): StepInfo => STEPS[id] ?? step(id, id, '', true);

/** The contract's PipelineWithSteps. */
export function pipelineWithSteps(row: WorkspaceRow, tenantCode: string | null) {
  const p = pipelineOf(row, tenantCode);
  return {
    pipelineId: p.pipelineId,
    tenantCode: p.tenantCode,
    workspaceId: p.workspaceId,
    preProcessingSteps: p.preProcessingStepIds.map(stepOf),
    recognizerStep: p.recognizerStepId ? stepOf(p.recognizerStepId) : null,
    postProcessingSteps: p.postProcessingStepIds.map(stepOf),
    integrationSteps: p.integrationStepIds.map(stepOf),
  };
}
