export * from './circles.ts';
export * from './examples.ts';
export * from './readable.ts';
export * from './versions.ts';
