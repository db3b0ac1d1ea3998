export * from './contentBlocks.ts';
export { escapeHtml } from './html.ts';
export * from './inventories.ts';
export * from './messages.ts';
export * from './stepStatus.ts';
export * from './threeCircles.ts';
