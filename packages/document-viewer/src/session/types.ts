/**
 * Names for the contract types the review session works with, so modules read
 * `DocumentResult` instead of `Schema<'DocumentResult'>`. Nothing here is hand-written shape.
 */
import type { Schema } from '@reviewdesk/api-client';

export type DocumentResult = Schema<'DocumentResult'>;
export type Entity = Schema<'Entity'>;
export type KeyValue = Schema<'KeyValue'>;
export type Table = Schema<'Table'>;
export type TableCell = Schema<'TableCell'>;
export type BoundingBox = Schema<'BoundingBox'>;
export type FieldDefinition = Schema<'FieldDefinition'>;
export type WorkspaceConfiguration = Schema<'WorkspaceConfiguration'>;
export type ViewerInitResult = Schema<'ViewerInitResult'>;
export type PageAndOcrResult = Schema<'PageAndOcrResult'>;
export type OcrPageResult = Schema<'OcrPageResult'>;
export type CheckoutResult = Schema<'CheckoutResult'>;
export type { FinishReviewResult } from '@reviewdesk/ui/review-session';
export type ApiErrorItem = Schema<'ApiErrorItem'>;
/** A page a save did not store because the server holds a newer version (SaveDocumentChanges' `conflicts`). */
export type SaveConflict = Schema<'SavePageConflict'>;

/** Where the reviewer's edits stand with the server; always visible in the toolbar and sent as an event. */
export type { SaveState } from '@reviewdesk/ui/review-session';
