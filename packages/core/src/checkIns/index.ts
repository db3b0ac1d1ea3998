export * from './checkIn.ts';
export * from './csv.ts';
export * from './rhythm.ts';
