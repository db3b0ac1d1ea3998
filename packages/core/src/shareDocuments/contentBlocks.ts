/**
 * What a share document and a sponsor's copy show of a step or an inventory, as plain blocks: the one
 * extraction both the HTML documents and the sponsor space build on.
 */
export type ContentField = { label: string; value: string };
export type ContentBlock =
  | { heading: string; fields: ContentField[] }
  | { heading: string; text: string }
  | { heading: string; items: string[] };
