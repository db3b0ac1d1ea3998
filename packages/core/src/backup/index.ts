export * from './exportMethods.ts';
export * from './file.ts';
export * from './fileName.ts';
export * from './messages.ts';
export * from './newer.ts';
export * from './payload.ts';
export * from './summary.ts';
