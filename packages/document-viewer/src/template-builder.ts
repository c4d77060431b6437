/**
 * `@reviewdesk/document-viewer/template-builder`: the template builder — the viewer with a
 * template's fields to define and label (product-spec §2 /task/viewer/templatebuilder, §3). Its own
 * entry so that hosts of the plain viewer do not carry it.
 * @packageDocumentation
 */

export { TemplateBuilder, type TemplateBuilderProps } from './builder/TemplateBuilder.js';
export { withTemplateFields } from './builder/template-config.js';
