export * from './csv.ts';
export * from './entries.ts';
