export * from './questions.ts';
export * from './rules.ts';
export * from './state.ts';
