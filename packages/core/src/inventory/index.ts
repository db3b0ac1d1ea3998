export * from './csv.ts';
export * from './csvColumns.ts';
export * from './csvEncoding.ts';
export * from './csvImport.ts';
export * from './csvParse.ts';
export * from './entries.ts';
export * from './readable.ts';
export * from './versions.ts';
