// Shapes of the contract's workspace schemas (openapi/reviewdesk.yaml) as the domain uses them.
// Requests reach the domain already validated against the contract.

export interface FieldConfig {
  type: number;
  isRequired: boolean;
  pattern?: string | null;
}

export interface FieldDefinition {
  parentCategoryKey?: string | null;
  categoryKey: string;
  alternativeCategoryKeys?: string[];
  displayName: string;
  description?: string | null;
  fillColor?: string;
  strokeColor?: string;
  /** GroupType: QrCodePt 90, Table 100. */
  groupType?: number | null;
  fieldConfig: FieldConfig;
  hideInColSelect?: boolean;
  editLocked?: boolean;
}

/** The field part of a workspace configuration. */
export interface FieldsState {
  categories: FieldDefinition[];
  fieldsToDetect: string[];
  fieldOrder: string[];
  requiredFields: string[];
}

/** WorkspaceFieldsUpdate (PATCH Fields/{workspaceId}). */
export interface FieldsUpdate {
  addedFields: FieldDefinition[];
  editedFields: FieldDefinition[];
  deletedFields?: string[];
  fieldOrder: string[];
  /** The selection (fields to detect). */
  baseFields: string[];
}

export interface PredefinedText {
  id: string;
  text: string;
}

export interface WorkspaceLanguages {
  languageCode?: string | null;
  inputLanguageCode?: string | null;
  outputLanguageCode?: string | null;
}

export interface SplitSettings {
  isEnabled?: boolean;
  pagesPerChunk?: number;
  minutesPerChunk?: number;
}

/** FieldChangeLevel: None 0, CurrentTask 10, Reprocess 20. */
export const FIELD_CHANGE_LEVEL = { None: 0, CurrentTask: 10, Reprocess: 20 } as const;
export type FieldChangeLevel = (typeof FIELD_CHANGE_LEVEL)[keyof typeof FIELD_CHANGE_LEVEL];
